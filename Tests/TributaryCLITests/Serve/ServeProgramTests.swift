import Foundation
import Testing
import TributaryTesting

@testable import TributaryCLI

/// `serve` lives in a second program: `tributary serve` replaces itself with `tributary-serve`
/// from its own folder, and only that program links the web server.
@Suite(.serialized) struct ServeProgramTests {
    @Test func serveRunsAsTributaryServeInTheProcessTributaryStarted() async throws {
        let (_, server, config, _) = try await StateRunTests.setUp()
        defer { Task { await server.shutdown() } }
        let serve = try await ServeHarness.start(config: config)
        let program = try FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/\(serve.running.process.processIdentifier)/exe")
        let beside = TributaryBinary.executable.deletingLastPathComponent().appendingPathComponent(ServeProgram.name)
        #expect(program == beside.resolvingSymlinksInPath().path, "the real path, however the suite was started")
        #expect(String(decoding: try await serve.send("/healthz").body, as: UTF8.self) == "ok\n")
        let stopped = try await serve.stop()  // SIGTERM to the process `tributary` was started as
        #expect(stopped.status == 143 && serve.errors.all.last == "tributary: terminated; stopped serving")
    }

    @Test func withoutTributaryServeBesideItServeExits69AndSaysWhatToBuild() async throws {
        let folder = Scratch.folder.appendingPathComponent("lone-tributary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lone = folder.appendingPathComponent("tributary")
        try FileManager.default.copyItem(at: TributaryBinary.executable, to: lone)
        let result = try await TributaryBinary.run(["serve", "--no-state", "--port", "0"], binary: lone)
        #expect(result.status == 69)
        #expect(result.stderr.contains("cannot run \(folder.path)/\(ServeProgram.name) (No such file or directory)"))
        #expect(result.stderr.contains("build both with `swift build`"))
        #expect(result.stdout.isEmpty)
        let help = try await TributaryBinary.run(["serve", "--help"], binary: lone)  // options need no server
        #expect(help.status == 0 && help.stdout.contains("--port"))
    }

    @Test func onlyTributaryServeImportsTheWebServer() throws {
        let server: Set = ["TributaryServe", "Hummingbird", "NIOCore", "NIOPosix", "NIOHTTP1"]
        let edges = try ["Sources/Tributary", "Sources/TributaryCLI", "Sources/TributaryLive", "Sources/TributaryMain"]
            .flatMap { try ModuleGraphTests.imports(under: $0) }.filter { server.contains($0.module) }
        #expect(edges.isEmpty, "\(edges.map { "\($0.file) imports \($0.module)" })")
        let manifest = try String(
            contentsOf: ModuleGraphTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = manifest.components(separatedBy: "\n    targets: [").dropFirst().first ?? ""
        let declarations = targets.components(separatedBy: "\n)\n").first ?? targets  // the package, not lists after it
        let dependents = declarations.split(separator: "\n").filter {
            $0.contains("\"TributaryServe\"") && !$0.contains("name: \"TributaryServe\"")
                && !$0.contains(".testTarget(")
        }
        #expect(dependents.count == 1 && dependents[0].contains("TributaryServeMain"), "\(dependents)")
    }
}
