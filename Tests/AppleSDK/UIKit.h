// UIKit's C declarations as the iOS SDK makes them, reduced to what kbbench
// uses. The Swift half is UIKit.swiftinterface.
#ifndef KBBENCH_SHIM_UIKIT_H
#define KBBENCH_SHIM_UIKIT_H
#include "CoreGraphics.h"
// UIKit/UIGeometry.h
typedef struct UIEdgeInsets {
  CGFloat top, left, bottom, right;
} UIEdgeInsets;
#endif
