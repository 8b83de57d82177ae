// What TributaryBytes' pieces buy, measured on their own (see Sources/TributaryBytes/README.md).
// Run: swiftc -O Benchmarks/bytes-micro.swift -o /tmp/bytes-micro && /tmp/bytes-micro
// The helpers are copies of ByteWords' (a script cannot import a SwiftPM target).
import Foundation

let ones: UInt64 = 0x0101_0101_0101_0101
let highBits: UInt64 = 0x8080_8080_8080_8080

@inline(__always) func has(_ word: UInt64, _ byte: UInt8) -> Bool {
    let difference = word ^ (UInt64(byte) &* ones)
    return (difference &- ones) & ~difference & highBits != 0
}

@inline(__always) func hasByte(_ word: UInt64, below limit: UInt8) -> Bool {
    (word &- UInt64(limit) &* ones) & ~word & highBits != 0
}

@inline(__always) func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x22 && byte != 0x5C }

/// The end of a run JSON need not escape, eight bytes at a time (as `ByteBuffer+JSON`).
@inline(never) func plainRunByWords(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    let raw = UnsafeRawBufferPointer(utf8)
    while index + 8 <= utf8.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if hasByte(word, below: 0x20) || has(word, 0x22) || has(word, 0x5C) { break }
        index += 8
    }
    while index < utf8.count, isPlain(utf8[index]) { index += 1 }
    return index
}

@inline(never) func plainRunByBytes(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < utf8.count, isPlain(utf8[index]) { index += 1 }
    return index
}

func best(_ name: String, _ body: () -> Int) -> Double {
    var fastest = Double.infinity
    var sink = 0
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        sink &+= body()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print(name, String(format: "%.3f s", fastest), "(\(sink) runs or bytes)")
    return fastest
}

// Digest-like text: runs of a few hundred plain bytes, a quote now and then.
var text = ""
var sentence = 0
while text.utf8.count < 64 << 20 {
    text += "Swift 6.3 brings typed throws to the standard library, and more é — \(sentence) "
    if sentence % 5 == 0 { text += "\"quoted\" " }
    sentence += 1
}
let bytes = Array(text.utf8)
func scan(_ run: (UnsafeBufferPointer<UInt8>, Int) -> Int) -> Int {
    bytes.withUnsafeBufferPointer { utf8 in
        var index = 0
        var runs = 0
        while index < utf8.count {
            index = run(utf8, index) + 1
            runs += 1
        }
        return runs
    }
}
let words = best("JSON plain-run scan of 64 MB, 8 bytes at a time:", { scan(plainRunByWords) })
let single = best("JSON plain-run scan of 64 MB, byte by byte:     ", { scan(plainRunByBytes) })
print(String(format: "  %.1fx", single / words))

/// The writer's buffer as `ByteBuffer` keeps it.
final class OwnBuffer {
    var start = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    var count = 0
    var capacity = 64

    @inline(__always) func append(_ piece: UnsafeBufferPointer<UInt8>) {
        if count + piece.count > capacity { grow(to: count + piece.count) }
        (start + count).initialize(from: piece.baseAddress!, count: piece.count)
        count += piece.count
    }

    @inline(never) func grow(to needed: Int) {
        let grown = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: start, count: count)
        start.deallocate()
        start = larger
        capacity = grown
    }
}

let pieces: [StaticString] = [",\n      \"", "title", "\": ", "\"", "null", "]", ", "]
func appends(_ append: (UnsafeBufferPointer<UInt8>) -> Void) {
    for round in 0..<8_000_000 {
        for piece in pieces.prefix(3 + round % 5) {
            append(UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
        }
    }
}
let own = best(
    "40 M small appends, own buffer:",
    {
        let buffer = OwnBuffer()
        appends { piece in
            buffer.append(piece)
            if buffer.count > 1 << 24 { buffer.count = 0 }
        }
        return buffer.count
    })
let array = best(
    "40 M small appends, [UInt8]:   ",
    {
        var buffer: [UInt8] = []
        appends { piece in
            buffer.append(contentsOf: piece)
            if buffer.count > 1 << 24 { buffer.removeAll(keepingCapacity: true) }
        }
        return buffer.count
    })
print(String(format: "  %.2fx", array / own))
