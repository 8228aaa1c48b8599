import FHIRPath
import FHIRPathSuite
import Foundation

/// Issue 35's speed: the official FHIRPath R4 suite parsed and evaluated by careplan's engine
/// beside fhirpathpy doing the same in the same run (target ≥ 20× faster), and a PHQ-9's
/// variables and total evaluated again after one answer changes, as a form does at each key
/// (target well under a millisecond).
struct FHIRPathResult: Codable, Sendable {
    var cases: Int
    /// One pass over every case: parse, evaluate, errors caught. Input files read beforehand.
    var suite: Samples
    var peerSuite: Samples?
    var peerVersion: String?
    var peerNote: String?
    /// One PHQ-9 evaluation: the form's eleven variables and its total, after one answer changed.
    var phq9: Samples
    var phq9Expressions: Int
}

struct FHIRPathCases {
    let runs: Int
    let peerRounds: Int

    func run() throws -> FHIRPathResult {
        let suite = try OfficialSuite()
        let sampler = Sampler(warmups: 2, runs: runs)
        let suiteSamples = try sampler.measure { _ in
            var items = 0
            for test in suite.cases {
                let resource = test.inputFile.flatMap { suite.inputs[$0] }
                if let result = try? FHIRPathExpression(test.expression).evaluate(on: resource, environment: suite.environment(for: test)) {
                    items += result.count
                }
            }
            return items
        }
        let (phq9, expressions) = try measurePHQ9()
        var result = FHIRPathResult(cases: suite.cases.count, suite: suiteSamples, phq9: phq9, phq9Expressions: expressions)
        do {
            let (samples, version) = try peer()
            result.peerSuite = samples
            result.peerVersion = version
        } catch {
            result.peerNote = "fhirpathpy was not measured: \(error)"
        }
        return result
    }

    /// fhirpathpy, pinned in Tests/FHIRPathPeer, timing its own rounds over the same cases
    /// (Benchmarks/tools/fhirpath_suite_peer.py): its interpreter's start is not in the figure.
    private func peer() throws -> (Samples, String) {
        let setup = try BenchmarkPlan.repositoryFile("Tests/FHIRPathPeer/setup.sh", for: "timing fhirpathpy")
        let script = try BenchmarkPlan.repositoryFile("Benchmarks/tools/fhirpath_suite_peer.py", for: "timing fhirpathpy")
        let repository = (script as NSString).deletingLastPathComponent.appending("/../..")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("careplan-bench-fhirpath-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let environment = ProcessInfo.processInfo.environment
        _ = try Spawn.run(setup, [], environment: environment, stdout: output)
        let python = try String(contentsOfFile: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try Spawn.run(python, [script, repository, String(peerRounds + 1)], environment: environment, stdout: output)
        let report = try JSONReader.read(try Data(contentsOf: URL(fileURLWithPath: output)))
        let seconds = (report["rounds"]?.items ?? []).compactMap { item -> Double? in
            if case .number(let digits) = item { return Double(digits) }
            return nil
        }
        guard seconds.count == peerRounds + 1 else { throw BenchmarkError("fhirpath_suite_peer.py printed no rounds") }
        let requirements = try String(contentsOfFile: try BenchmarkPlan.repositoryFile("Tests/FHIRPathPeer/requirements.txt", for: "timing fhirpathpy"), encoding: .utf8)
        let version = PeerVirtualenv.pinnedVersion(of: "fhirpathpy", in: requirements) ?? "?"
        // The first round warms the interpreter's caches, as the engine's warm-ups do.
        return (Samples(warmups: 1, milliseconds: seconds.dropFirst().map { $0 * 1000 }, firstCall: seconds[0] * 1000), version)
    }

    /// LHC-Forms' PHQ-9 (Tests/Data/questionnaires/lforms-phq9.json): a response with all nine
    /// answers; each run changes one answer (cycling through the items and their options) and
    /// evaluates the form's variables in order and its total, parsed once beforehand, as a form
    /// filler does at each key.
    private func measurePHQ9() throws -> (Samples, Int) {
        let path = try BenchmarkPlan.repositoryFile("Tests/Data/questionnaires/lforms-phq9.json", for: "timing a PHQ-9")
        let form = try JSONReader.read(try Data(contentsOf: URL(fileURLWithPath: path)))
        let items = form["item"]?.items ?? []
        let questions = Array(items.prefix(9))
        guard let total = items.first(where: { $0["linkId"]?.stringValue == "/44261-6" }) else { throw BenchmarkError("lforms-phq9.json has no total item") }
        let extensions = total["extension"]?.items ?? []
        let variables = try DeclaredVariables(declaredOn: total)
        guard let totalText = extensions.first(where: { $0["url"]?.stringValue?.hasSuffix("calculatedExpression") == true })?["valueExpression"]?["expression"]?.stringValue
        else { throw BenchmarkError("lforms-phq9.json has no calculatedExpression") }
        let totalExpression = try FHIRPathExpression(totalText)
        let questionnaire: [Value] = [.element(Element(resource: form))]
        func response(_ choices: [Int]) -> JSON {
            let answers: [JSON] = zip(questions, choices).map { question, index in
                let options = question["answerOption"]?.items ?? []
                let coding = options[index % max(1, options.count)]["valueCoding"] ?? .null
                return .object(JSONObject([("linkId", question["linkId"] ?? .null), ("answer", .array([.object(JSONObject([("valueCoding", coding)]))]))]))
            }
            return .object(JSONObject([("resourceType", .string("QuestionnaireResponse")), ("status", .string("in-progress")), ("item", .array(answers))]))
        }
        var choices = Array(repeating: 0, count: questions.count)
        // Each run is a batch of evaluations, timed together; the figure is per evaluation.
        let batch = 200
        let sampler = Sampler(warmups: 2, runs: runs)
        let samples = try sampler.measure { run in
            var scores = 0
            for step in 0..<batch {
                let item = (run * batch + step) % choices.count
                choices[item] = (choices[item] + 1) % 4
                let resource = response(choices)
                let focus: [Value] = [.element(Element(resource: resource))]
                var environment = Environment(variables: ["questionnaire": questionnaire, "resource": focus])
                try variables.evaluate(into: &environment, context: focus)
                scores += try totalExpression.evaluate(on: resource, environment: environment).count
            }
            return scores
        }
        let perEvaluation = Samples(warmups: samples.warmups, milliseconds: samples.milliseconds.map { $0 / Double(batch) },
                                    firstCall: samples.firstCall / Double(batch))
        return (perEvaluation, variables.variables.count + 1)
    }
}

/// The rows and checks of the FHIRPath case.
enum FHIRPathTargets {
    static let speedUp = 20.0
    static let phq9Limit = 1.0

    static func rows(_ result: FHIRPathResult) -> [ResultRow] {
        var rows = [
            ResultRow(measurement: "fhirpath suite (\(result.cases))", history: "—", unit: "ms",
                      runs: result.suite.runs, median: result.suite.median, p90: result.suite.p90, firstCall: result.suite.firstCall,
                      floor: result.peerSuite?.median, ratio: result.peerSuite.map { result.suite.median / $0.median },
                      target: "≥ \(Int(speedUp))× faster than fhirpathpy", pass: result.peerSuite.map { $0.median / result.suite.median >= speedUp }),
            ResultRow(measurement: "fhirpath PHQ-9 re-evaluation", history: "—", unit: "ms", runs: result.phq9.runs, median: result.phq9.median, p90: result.phq9.p90,
                      firstCall: result.phq9.firstCall, target: "< \(Int(phq9Limit)) ms", pass: result.phq9.median < phq9Limit),
        ]
        if let peer = result.peerSuite {
            rows.append(ResultRow(measurement: "fhirpath floor: fhirpathpy", history: "—", unit: "ms",
                                  runs: peer.runs, median: peer.median, p90: peer.p90, firstCall: peer.firstCall))
        }
        return rows
    }

    static func checks(_ result: FHIRPathResult) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        if let peer = result.peerSuite {
            let speed = peer.median / result.suite.median
            checks.append(TargetCheck(target: "FHIRPath: the official suite, parse and evaluate, ≥ \(Int(speedUp))× faster than fhirpathpy in the same run",
                                      measured: String(format: "%.0f× (%.1f ms vs fhirpathpy %.0f ms)", speed, result.suite.median, peer.median),
                                      pass: speed >= speedUp))
        }
        checks.append(TargetCheck(target: "FHIRPath: a PHQ-9's variables and total after one answer changes, < \(Int(phq9Limit)) ms per evaluation",
                                  measured: String(format: "%.3f ms (%d expressions)", result.phq9.median, result.phq9Expressions),
                                  pass: result.phq9.median < phq9Limit))
        return checks
    }
}
