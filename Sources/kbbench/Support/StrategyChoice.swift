import ArgumentParser
import KeyboardHarness

/// A strategy named on the command line: a catalog name, or
/// `exec:COMMAND` for an external strategy (protocol v1). The external
/// strategy's processes are shut down by ``shutDown()``, which every command
/// calls before it returns or exits.
struct StrategyChoice {
    let underTest: StrategyUnderTest
    /// The external strategy behind `underTest`, if it is one.
    let external: ExternalStrategy?

    /// The catalog's strategy or an external one; nil for an unknown name.
    init?(_ name: String, stepTimeout: Double) {
        if let external = ExternalStrategy.named(name, stepTimeout: stepTimeout) {
            self.external = external
            underTest = external.underTest
        } else if let type = StrategyCatalog.strategy(named: name) {
            external = nil
            underTest = StrategyUnderTest(type)
        } else {
            return nil
        }
    }

    /// Ends the external strategy's processes.
    func shutDown() { external?.shutDown() }

    /// The help line of a `--strategy` option.
    static let help =
        "The strategy: one of \(StrategyCatalog.names.joined(separator: ", ")), or exec:COMMAND for a program "
        + "speaking the external-strategy protocol (docs/strategy-protocol.md)."

    /// The usage error for an unknown name.
    static func unknown(_ name: String) -> ValidationError {
        ValidationError("unknown strategy '\(name)'; known: \(StrategyCatalog.names.joined(separator: ", ")), or exec:COMMAND")
    }

    /// Validates a step timeout.
    static func validate(stepTimeout: Double) throws {
        let longest = ExternalStrategy.longestStepTimeout
        if !(stepTimeout > 0 && stepTimeout <= longest) {
            throw ValidationError("--step-timeout must be more than 0 and at most \(Int(longest)) seconds")
        }
    }
}
