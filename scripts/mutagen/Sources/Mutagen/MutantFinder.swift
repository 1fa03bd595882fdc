import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Finds every site of every ``MutationOperator`` in one Swift file.
///
/// The file is parsed and its operators folded with the standard operator
/// table, so that `a < b ? c : d` is read as Swift reads it. Code inside an
/// `#if` clause that Linux does not compile (``LinuxCondition``) is skipped:
/// the tests that judge a mutant run on Linux, and code only Apple platforms
/// compile is judged there.
public enum MutantFinder {
    /// The mutants of `source`, read as the file `file`, in source order.
    public static func mutants(in source: String, file: String) -> [Mutant] {
        let tree = Parser.parse(source: source)
        let folded = OperatorTable.standardOperators.foldAll(tree) { _ in }
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let visitor = SiteVisitor(file: file, converter: converter)
        visitor.walk(folded)
        return visitor.mutants
    }
}

private final class SiteVisitor: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var mutants: [Mutant] = []
    private var ordinals: [String: Int] = [:]

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Conditional compilation

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        var taken = false
        for clause in node.clauses {
            let active: Bool
            if let condition = clause.condition {
                active = !taken && LinuxCondition.holds(condition)
            } else {
                active = !taken
            }
            if active {
                taken = true
                if let elements = clause.elements { walk(elements) }
            }
        }
        return .skipChildren
    }

    // MARK: Operators

    static let relational = ["<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "===": "!==", "!==": "==="]
    static let arithmetic = ["+": "-", "-": "+", "*": "/", "/": "*", "&+": "&-", "&-": "&+"]

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard let op = node.operator.as(BinaryOperatorExprSyntax.self)?.operator else { return .visitChildren }
        if let r = Self.relational[op.text] {
            add(.relational, op, replacement: r)
        } else if let r = Self.arithmetic[op.text] {
            add(.arithmetic, op, replacement: r)
        }
        return .visitChildren
    }

    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        add(.booleanLiteral, node.literal, replacement: node.literal.text == "true" ? "false" : "true")
        return .visitChildren
    }

    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let digits = node.literal.text.filter { $0 != "_" }
        let value: Int?
        if digits.hasPrefix("0x") {
            value = Int(digits.dropFirst(2), radix: 16)
        } else if digits.hasPrefix("0b") {
            value = Int(digits.dropFirst(2), radix: 2)
        } else if digits.hasPrefix("0o") {
            value = Int(digits.dropFirst(2), radix: 8)
        } else {
            value = Int(digits)
        }
        guard let value, value < Int.max else { return .visitChildren }
        add(.integerPlusOne, node.literal, replacement: String(value + 1))
        if value > 0 { add(.integerMinusOne, node.literal, replacement: String(value - 1)) }
        return .visitChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        // The two branches' text swapped, trivia kept where it is.
        let then = node.thenExpression.trimmedDescription, otherwise = node.elseExpression.trimmedDescription
        let start = node.thenExpression.positionAfterSkippingLeadingTrivia
        let end = node.elseExpression.endPositionBeforeTrailingTrivia
        let between = node.thenExpression.trailingTrivia.description + node.colon.description + node.elseExpression.leadingTrivia.description
        add(
            .ternarySwap, from: start, to: end, original: "\(then)\(between)\(otherwise)", replacement: "\(otherwise)\(between)\(then)",
            at: Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: ConditionElementListSyntax) -> SyntaxVisitorContinueKind {
        guard
            node.parent?.is(IfExprSyntax.self) == true || node.parent?.is(GuardStmtSyntax.self) == true
                || node.parent?.is(WhileStmtSyntax.self) == true
        else { return .visitChildren }
        for element in node {
            guard case .expression(let e) = element.condition else { continue }
            add(
                .negateCondition, from: e.positionAfterSkippingLeadingTrivia, to: e.endPositionBeforeTrailingTrivia,
                original: e.trimmedDescription, replacement: "!(\(e.trimmedDescription))", at: Syntax(e))
        }
        return .visitChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        // A call whose value no one uses, alone in its statement; never the
        // only statement of its block (that may be an implicit return).
        guard case .expr(let e) = node.item, Self.isCall(e), let list = node.parent?.as(CodeBlockItemListSyntax.self), list.count > 1
        else { return .visitChildren }
        let text = node.trimmedDescription
        if text.hasPrefix("super.") || text.hasPrefix("self.init") || text.hasPrefix("fatalError") { return .visitChildren }
        add(
            .removeCall, from: node.positionAfterSkippingLeadingTrivia, to: node.endPositionBeforeTrailingTrivia, original: text,
            replacement: "", at: Syntax(node))
        return .visitChildren
    }

    private static func isCall(_ e: ExprSyntax) -> Bool {
        if e.is(FunctionCallExprSyntax.self) { return true }
        if let t = e.as(TryExprSyntax.self) { return isCall(t.expression) }
        if let a = e.as(AwaitExprSyntax.self) { return isCall(a.expression) }
        return false
    }

    // MARK: Recording

    private func add(_ op: MutationOperator, _ token: TokenSyntax, replacement: String) {
        add(
            op, from: token.positionAfterSkippingLeadingTrivia, to: token.endPositionBeforeTrailingTrivia, original: token.text,
            replacement: replacement, at: Syntax(token))
    }

    private func add(
        _ op: MutationOperator, from start: AbsolutePosition, to end: AbsolutePosition, original: String, replacement: String, at node: Syntax
    ) {
        let declaration = DeclarationPath.of(node)
        // Counted by what the id shows, so that two sites whose text differs
        // only past what the id shows still get two ids.
        let key = "\(declaration)\u{0}\(op.rawValue)\u{0}\(Mutant.short(original))\u{0}\(Mutant.short(replacement))"
        let ordinal = (ordinals[key] ?? 0) + 1
        ordinals[key] = ordinal
        mutants.append(
            Mutant(
                file: file, mutationOperator: op, declaration: declaration, ordinal: ordinal, original: original, replacement: replacement,
                offset: start.utf8Offset, length: end.utf8Offset - start.utf8Offset, line: converter.location(for: start).line
            ))
    }
}
