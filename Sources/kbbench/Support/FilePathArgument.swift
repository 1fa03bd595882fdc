import ArgumentParser
import SystemPackage

/// A file or folder the command reads, or a folder it saves into, is parsed
/// as a `FilePath` where the command line comes in, so that paths travel
/// typed from here on. Every text is a path (the empty text is the empty
/// path, which no read finds: the command then says so, naming it). A file
/// a command writes as the user asked (`--output`, `--svg`) stays text:
/// `-` means standard output there, and a trailing `/` (which `FilePath`
/// drops) says the user named a folder (see `OutputFile`).
extension FilePath: @retroactive ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }

    /// Shells complete these as file names.
    public static var defaultCompletionKind: CompletionKind { .file() }
}
