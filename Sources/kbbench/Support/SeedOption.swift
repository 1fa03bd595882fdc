import ArgumentParser

/// `--seed S`: decimal or 0x-hex; defaults differ per command and are
/// printed so every run can be repeated.
struct SeedOption: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional, help: "The seed (decimal or 0x-hex). The run prints it, so any run can be repeated.",
        transform: SeedOption.parse)
    var seed: UInt64?

    static func parse(_ text: String) throws -> UInt64 {
        let value = text.lowercased().hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let value else { throw ValidationError("--seed takes a non-negative integer (decimal or 0x-hex), got '\(text)'") }
        return value
    }
}
