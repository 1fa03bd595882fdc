import KBTestSupport
import Testing

/// The examples in the mutation runner's own doc strings (`>>>` lines in
/// scripts/mutants), run by Python's doctest: where the runner decides
/// from a site's text what coverage cannot tell (is this a parameter's
/// default value?), the examples pin the decision both ways. A run that
/// attempted no example fails: the examples went missing.
@Suite("The mutation runner's examples", .processTimeLimit)
struct MutantsRunnerExamplesTests {
    static let doctest = """
        import doctest, importlib.machinery, importlib.util, sys
        loader = importlib.machinery.SourceFileLoader("mutants", sys.argv[1])
        spec = importlib.util.spec_from_loader("mutants", loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        result = doctest.testmod(module)
        print(f"attempted {result.attempted}, failed {result.failed}")
        sys.exit(1 if result.failed or not result.attempted else 0)
        """

    @Test(.enabled(if: Repository.hasPython, "needs python3 (.ci/run requires it)"))
    func theRunnersExamplesHold() {
        let r = ChildProcess.run("/usr/bin/env", ["python3", "-c", Self.doctest, Repository.path("scripts/mutants")], in: Repository.root)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains("attempted ") && !r.output.contains("attempted 0,"), "\(r.output)")
    }
}
