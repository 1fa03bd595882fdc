import SwiftSyntax

/// Whether an `#if` condition holds where the mutants are judged: a Linux
/// debug build with Foundation. `canImport` of Apple-only modules (Darwin,
/// UIKit, AppKit, ObjectiveC, SwiftUI, …) is false, Glibc's true; `os(Linux)`
/// is true and every other `os` false; `targetEnvironment` is false; `DEBUG`
/// holds, other custom flags do not; `arch`, `compiler`, `swift` and
/// `hasFeature` hold.
enum LinuxCondition {
    static let appleModules: Set<String> = [
        "Darwin", "UIKit", "AppKit", "ObjectiveC", "SwiftUI", "CoreGraphics", "QuartzCore", "WatchKit", "os", "Combine", "Musl", "WinSDK",
    ]

    static func holds(_ e: ExprSyntax) -> Bool {
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return !holds(p.expression) }
        if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            if op == "&&" { return holds(i.leftOperand) && holds(i.rightOperand) }
            if op == "||" { return holds(i.leftOperand) || holds(i.rightOperand) }
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first { return holds(only.expression) }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.text == "true" }
        if let r = e.as(DeclReferenceExprSyntax.self) { return r.baseName.text == "DEBUG" }
        if let call = e.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let argument = call.arguments.first?.expression.trimmedDescription ?? ""
            switch name {
            case "canImport": return !appleModules.contains(argument)
            case "os": return argument == "Linux"
            case "targetEnvironment": return false
            default: return true
            }
        }
        return true
    }
}
