import SwiftSyntax

/// The declarations that enclose a node, outermost first, as a mutant's id
/// names them: `KeyboardAvoider.received(_:in:)`, `Rect.intersection(_:)`,
/// `OwnInsetBook.applied.get`. Functions carry their argument labels, so
/// overloads differ; a node outside every declaration is `(file)`.
enum DeclarationPath {
    static func of(_ node: Syntax) -> String {
        var names: [String] = []
        var current: Syntax? = node
        while let n = current {
            if let name = name(of: n) { names.append(name) }
            current = n.parent
        }
        return names.isEmpty ? "(file)" : names.reversed().joined(separator: ".")
    }

    private static func name(of node: Syntax) -> String? {
        if let d = node.as(FunctionDeclSyntax.self) { return d.name.text + labels(d.signature.parameterClause.parameters) }
        if let d = node.as(InitializerDeclSyntax.self) { return "init" + labels(d.signature.parameterClause.parameters) }
        if node.is(DeinitializerDeclSyntax.self) { return "deinit" }
        if let d = node.as(SubscriptDeclSyntax.self) { return "subscript" + labels(d.parameterClause.parameters) }
        if let d = node.as(VariableDeclSyntax.self) {
            return d.bindings.map { $0.pattern.trimmedDescription }.joined(separator: ",")
        }
        if let d = node.as(AccessorDeclSyntax.self) { return d.accessorSpecifier.text }
        if let d = node.as(StructDeclSyntax.self) { return d.name.text }
        if let d = node.as(ClassDeclSyntax.self) { return d.name.text }
        if let d = node.as(EnumDeclSyntax.self) { return d.name.text }
        if let d = node.as(ActorDeclSyntax.self) { return d.name.text }
        if let d = node.as(ProtocolDeclSyntax.self) { return d.name.text }
        if let d = node.as(ExtensionDeclSyntax.self) { return d.extendedType.trimmedDescription }
        if let d = node.as(EnumCaseDeclSyntax.self) { return "case " + d.elements.map { $0.name.text }.joined(separator: ",") }
        return nil
    }

    private static func labels(_ parameters: FunctionParameterListSyntax) -> String {
        "(" + parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }
}
