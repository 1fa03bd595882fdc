// CoreGraphics' C geometry, as the iOS SDK declares it (64-bit).
#ifndef KBBENCH_SHIM_COREGRAPHICS_H
#define KBBENCH_SHIM_COREGRAPHICS_H
// CoreGraphics/CGBase.h: typedef CGFLOAT_TYPE CGFloat; (double on 64-bit).
// The importer maps it to the overlay's CGFloat (CoreGraphics.swiftinterface).
typedef double CGFloat;
// CoreGraphics/CGGeometry.h
struct CGPoint { CGFloat x; CGFloat y; };
typedef struct CGPoint CGPoint;
struct CGSize { CGFloat width; CGFloat height; };
typedef struct CGSize CGSize;
struct CGRect { CGPoint origin; CGSize size; };
typedef struct CGRect CGRect;
#endif
