import Foundation
import Testing

/// Unsafe pointer code lives in TributaryBytes and in the files that talk to C libraries;
/// a new file outside the fence that uses pointers fails this test, and so does a listed
/// file that no longer does. The compiler checks the rest: every target but those
/// Package.swift leaves unchecked builds with strict memory safety checking, so a listed
/// file in such a target writes its pointer code `unsafe`.
@Suite struct UnsafeCodeFenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Pointer operations (types named in a signature alone do not count).
    static let pointerCode = [
        #"withUnsafe"#, #"Unsafe\w*Pointer\("#, #"Unsafe\w*Pointer<[^>]*>\("#, #"\.allocate\("#, "assumingMemoryBound",
        "bindMemory", "loadUnaligned", #"\.pointee"#, "Unmanaged", "withUTF8", "unsafeBitCast", #"\(rebasing:"#,
    ].joined(separator: "|")

    /// Files that call C APIs (libcurl, zlib, libxml2, sockets, processes, `write(2)`), where pointers are the interface.
    static let cInterop: Set<String> = [
        "Plugins/Exec/ChildProcess.swift",
        "Sources/TributaryNetwork/Curl/CurlEngine.swift", "Sources/TributaryNetwork/Curl/CurlExchange.swift",
        "Sources/TributaryNetwork/Curl/SMTPExchange.swift",
        "Sources/TributaryNetwork/Curl/RedirectAddressGuard.swift",
        "Sources/TributaryNetwork/Compression/Decompression.swift",
        "Sources/TributarySyndication/FeedSAXHandler.swift", "Sources/TributarySyndication/FeedXMLReader.swift",
        "Sources/TributarySyndication/FeedXMLState.swift", "Sources/TributarySyndication/FeedTagTable.swift",
        "Sources/TributarySyndication/FeedFile.swift", "Sources/TributarySyndication/FeedReading.swift",
        "Sources/TributarySyndication/SecondHalfReader.swift", "Sources/TributaryTesting/TestCompression.swift",
        "Sources/TributaryInterchange/OPML/XMLFault.swift", "Sources/TributaryExtract/LibXMLPageReader.swift",
        "Sources/TributaryCLI/StandardError.swift",
    ]

    /// The modules whose job is unsafe code, which Package.swift builds without the check.
    static let unchecked: Set<String> = ["TributaryBytes", "TributaryNetwork", "CCurl", "CExecSupervisor"]

    /// The quoted names in Package.swift's declaration `name`, up to the line that closes it.
    static func names(declaredAs name: String) throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).drop {
            !$0.contains("let \(name)")
        }
        let declaration = lines.prefix { !$0.hasPrefix("for ") && !$0.isEmpty }.joined(separator: "\n")
        return Set(declaration.matches(of: #/"(\w+)"/#).map { String($0.output.1) })
    }

    /// The module a file under Sources/ or Plugins/ belongs to.
    static func module(of file: String) -> String {
        let parts = file.split(separator: "/")
        return parts[0] == "Plugins" ? "Tributary\(parts[1])" : String(parts[1])
    }

    static func filesWithPointerCode() throws -> Set<String> {
        let pointerCode = try Regex(Self.pointerCode)
        var found: Set<String> = []
        for folder in ["Sources", "Plugins"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                if text.contains(pointerCode) { found.insert("\(folder)/\(file)") }
            }
        }
        return found
    }

    @Test func pointerCodeStaysInsideTheFence() throws {
        let outside = try Self.filesWithPointerCode().filter { !$0.hasPrefix("Sources/TributaryBytes/") }
        let unexpected = outside.subtracting(Self.cInterop)
        #expect(unexpected.isEmpty, "pointer code outside TributaryBytes: \(unexpected.sorted())")
        let stale = Self.cInterop.subtracting(outside)
        #expect(stale.isEmpty, "listed but free of pointer code now (take them off the list): \(stale.sorted())")
    }

    @Test func theCompilerChecksEveryModuleButTheUncheckedOnes() throws {
        #expect(try Self.names(declaredAs: "uncheckedForMemorySafety") == Self.unchecked)
    }

    @Test func listedFilesInCheckedModulesWriteTheirPointerCodeUnsafe() throws {
        let checked = Self.cInterop.filter { !Self.unchecked.contains(Self.module(of: $0)) }
        #expect(!checked.isEmpty)
        for file in checked {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("unsafe "), "\(file) is built with the check but marks nothing unsafe")
        }
    }

    /// The core (`Sources/Tributary`) holds no unsafe code at all: no pointer type or
    /// operation, nothing written `unsafe`, no C module imported.
    @Test func theCoreHoldsNoUnsafeCode() throws {
        let unsafeCode = try Regex(#"\bunsafe\b|Unsafe\w*Pointer|"# + Self.pointerCode)
        let cModule = try Regex(#"(?m)^import (CCurl|CZlib|CLibXML2|CMalloc|CExecSupervisor|Glibc|Musl)$"#)
        let base = Self.root.appendingPathComponent("Sources/Tributary")
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        #expect(files.count > 100, "the core's files were not found")
        for file in files where file.hasSuffix(".swift") {
            let code = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            #expect(!code.contains(unsafeCode), "Sources/Tributary/\(file) holds unsafe code")
            #expect(!code.contains(cModule), "Sources/Tributary/\(file) imports a C module")
        }
    }
}
