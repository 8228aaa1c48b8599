import AppleHealthImport
import CarePlanStore
import FHIRPath
import Foundation

/// libFuzzer's entry: every input goes through the plan-file reader, the Apple Health reader and
/// FHIRPath (its first line as an expression, the rest as the JSON resource it runs on). Each may
/// refuse it (that is its job); none may crash, hang or refuse it with anything but its own error. Built with `-sanitize=fuzzer -D CAREPLAN_FUZZ` (docs/storage.md says how);
/// without them this file builds the same checks as a program that reads files given to it.
func checkOne(_ data: Data) {
    do { _ = try PlanDecoder(file: "fuzz.yaml").decode(String(decoding: data, as: UTF8.self)) } catch is FilePositionError {} catch {
        fatalError("the plan reader refused with an unexpected error: \(error)")
    }
    do { _ = try ExportScan.scan(data, chunk: 7) } catch is HealthImportError {} catch {
        fatalError("the export reader refused with an unexpected error: \(error)")
    }
    checkFHIRPath(data)
}

/// An expression evaluated on a resource, with a small step limit so that an input that would
/// run long ends in FHIRPath's own error rather than libFuzzer's timeout.
func checkFHIRPath(_ data: Data) {
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let resource = lines.count > 1 ? try? JSONReader.read(String(lines[1])) : nil
    do {
        let expression = try FHIRPathExpression(String(lines.first ?? ""))
        _ = try expression.evaluate(on: resource, environment: Environment(stepLimit: 100_000))
    } catch {
        // FHIRPathError is the only error the engine throws (typed throws); refusing is fine.
    }
}

#if CAREPLAN_FUZZ
/// What libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    checkOne(start.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

/// libFuzzer's driver, called from our own entry point: SwiftPM names an executable's entry
/// itself, so libFuzzer's `main` cannot be the program's.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzer(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@main
struct Fuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzer(&argc, &argv, fuzzOne))
    }
}
#else
@main
struct CheckFiles {
    /// `careplan-fuzz FILE...`: each file through both readers, as the fuzzer would.
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            checkOne(data)
        }
    }
}
#endif
