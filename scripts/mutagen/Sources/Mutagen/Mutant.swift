/// One generated mutant: a single-site change made by one standard
/// mutation operator.
///
/// Its ``id`` names the file, the declaration it is in, the operator with
/// the text it changes, and which such site of that declaration it is (the
/// ordinal, counted in source order), never a line number: code that moves
/// keeps its mutants' ids, and a mutant retires only when the code it
/// changes does.
public struct Mutant: Hashable, Sendable, Codable {
    /// `file::declaration::OPERATOR(original→replacement)#ordinal`.
    public var id: String
    /// The file, as given to the finder.
    public var file: String
    public var mutationOperator: MutationOperator
    /// The enclosing declarations, outermost first: `KeyboardAvoider.received(_:in:)`.
    public var declaration: String
    /// 1 for the first site of this operator and original text in the
    /// declaration, 2 for the second, …
    public var ordinal: Int
    /// The text replaced (UTF-8 byte range `offset..<offset+length`).
    public var original: String
    public var replacement: String
    public var offset: Int
    public var length: Int
    /// Where the site starts, for people (not part of the id).
    public var line: Int

    public init(
        file: String, mutationOperator: MutationOperator, declaration: String, ordinal: Int, original: String, replacement: String,
        offset: Int, length: Int, line: Int
    ) {
        self.file = file
        self.mutationOperator = mutationOperator
        self.declaration = declaration
        self.ordinal = ordinal
        self.original = original
        self.replacement = replacement
        self.offset = offset
        self.length = length
        self.line = line
        id = "\(file)::\(declaration)::\(mutationOperator.rawValue)(\(Self.short(original))→\(Self.short(replacement)))#\(ordinal)"
    }

    private enum CodingKeys: String, CodingKey {
        case id, file, mutationOperator = "operator", declaration, ordinal, original, replacement, offset, length, line
    }

    /// `source` with this mutant applied.
    public func applied(to source: String) -> String {
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(offset..<(offset + length), with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text for an id: whitespace runs made one space, at most 40 characters.
    package static func short(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        return oneLine.count <= 40 ? oneLine : String(oneLine.prefix(39)) + "…"
    }
}

/// The standard mutation operators.
public enum MutationOperator: String, Hashable, Sendable, Codable, CaseIterable {
    /// Relational operator replacement: `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`, `===` ↔ `!==`.
    case relational = "ROR"
    /// A condition of an `if`, `guard` or `while` negated: `c` → `!(c)`.
    case negateCondition = "NEG"
    /// `true` ↔ `false`.
    case booleanLiteral = "BOOL"
    /// Arithmetic operator replacement: `+` ↔ `-`, `*` ↔ `/`, `&+` ↔ `&-`.
    case arithmetic = "AOR"
    /// A statement that is only a call, removed.
    case removeCall = "CALL"
    /// `c ? a : b` → `c ? b : a`.
    case ternarySwap = "TERN"
    /// An integer literal plus one.
    case integerPlusOne = "INC"
    /// An integer literal minus one (literals above zero).
    case integerMinusOne = "DEC"
}
