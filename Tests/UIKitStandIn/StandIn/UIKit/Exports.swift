// What an app that imports UIKit sees besides UIKit's own declarations:
// Foundation (and through it CoreGraphics' types) and the Objective-C
// runtime's functions, as the SDK's UIKit re-exports them.
@_exported import Foundation
@_exported import ObjectiveC
