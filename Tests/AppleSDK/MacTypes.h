// MacTypes.h (CoreServices' CarbonCore): the three names a Swift package is
// likely to declare too, which every file importing Foundation, UIKit or
// Darwin sees on Apple platforms. A public type of ours with one of these
// names is ambiguous there ("'Rect' is ambiguous for type lookup"), in our
// files and in an app's.
#ifndef KBBENCH_SHIM_MACTYPES_H
#define KBBENCH_SHIM_MACTYPES_H
struct Point { short v; short h; };
typedef struct Point Point;
struct Rect { short top; short left; short bottom; short right; };
typedef struct Rect Rect;
typedef long Size;
#endif
