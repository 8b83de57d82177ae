import Foundation
import Testing

/// Unsafe pointer code lives in TributaryBytes, in the files that talk to C libraries,
/// and in the files listed below that still wait to be moved; a new file outside the
/// fence that uses pointers fails this test, and so does a listed file that no longer does.
@Suite struct UnsafeCodeFenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Pointer operations (types named in a signature alone do not count).
    static let pointerCode = [
        #"withUnsafe"#, #"Unsafe\w*Pointer\("#, #"Unsafe\w*Pointer<[^>]*>\("#, #"\.allocate\("#, "assumingMemoryBound",
        "bindMemory", "loadUnaligned", #"\.pointee"#, "Unmanaged", "withUTF8", "unsafeBitCast", #"\(rebasing:"#,
    ].joined(separator: "|")

    /// Files that call C APIs (libcurl, zlib, libxml2, sockets, processes), where pointers are the interface.
    static let cInterop: Set<String> = [
        "Plugins/Exec/ChildProcess.swift", "Sources/Tributary/HTTP/AddressScope.swift",
        "Sources/Tributary/HTTP/Curl/CurlEngine.swift", "Sources/Tributary/HTTP/Curl/CurlExchange.swift",
        "Sources/Tributary/HTTP/Curl/RedirectAddressGuard.swift", "Sources/Tributary/HTTP/Decompression.swift",
        "Sources/TributarySyndication/FeedSAXHandler.swift", "Sources/TributarySyndication/FeedXMLReader.swift",
        "Sources/TributarySyndication/FeedXMLState.swift", "Sources/TributarySyndication/FeedTagTable.swift",
        "Sources/TributarySyndication/FeedFile.swift", "Sources/TributarySyndication/FeedReading.swift",
        "Sources/TributarySyndication/SecondHalfReader.swift", "Sources/TributaryTesting/TestCompression.swift",
    ]

    /// Speed-tuned byte code not yet moved into TributaryBytes (see its README).
    static let notYetMoved: Set<String> = [
        "Sources/Tributary/Concurrency/ParallelWork.swift",
        "Sources/Tributary/Text/TextCleanup+LineWriter.swift", "Sources/Tributary/Text/TextCleanup.swift",
        "Sources/TributarySyndication/EntryBatch.swift",
        "Sources/TributarySyndication/WideFeedBytes.swift", "Sources/TributarySyndication/WideTextDecoder.swift",
    ]

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
        let unexpected = outside.subtracting(Self.cInterop).subtracting(Self.notYetMoved)
        #expect(unexpected.isEmpty, "pointer code outside TributaryBytes: \(unexpected.sorted())")
        let stale = Self.cInterop.union(Self.notYetMoved).subtracting(outside)
        #expect(stale.isEmpty, "listed but free of pointer code now (take them off the list): \(stale.sorted())")
    }
}
