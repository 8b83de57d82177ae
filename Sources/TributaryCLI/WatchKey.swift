/// A key typed into `watch` on a terminal: a character, or one of the keys a terminal
/// sends as an escape sequence (VT100/xterm: `ESC [ A` is ↑, `ESC [ 5 ~` Page Up).
enum WatchKey: Equatable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace
}

/// Turns the bytes read from the terminal into keys. A read may end inside an escape
/// sequence or a UTF-8 character: the rest is kept for the next read, except a lone
/// `ESC` at the end of a read, which is the Escape key (a terminal sends a sequence in
/// one write).
struct WatchKeyDecoder {
    private var pending: [UInt8] = []

    /// The keys in `bytes`, after what the last read left over.
    mutating func decode(_ bytes: [UInt8]) -> [WatchKey] {
        var input = pending + bytes
        pending = []
        var keys: [WatchKey] = []
        while !input.isEmpty {
            guard let (key, used) = Self.key(at: input) else {
                pending = input
                break
            }
            if let key { keys.append(key) }
            input.removeFirst(used)
        }
        return keys
    }

    /// The key at the start of `bytes` and how many bytes it took (a nil key: bytes
    /// skipped); nil when `bytes` ends inside it.
    private static func key(at bytes: [UInt8]) -> (WatchKey?, Int)? {
        switch bytes[0] {
        case 0x1B: return escaped(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00..<0x20: return (nil, 1)
        default: return utf8(bytes)
        }
    }

    private static func escaped(_ bytes: [UInt8]) -> (WatchKey?, Int)? {
        guard bytes.count > 1 else { return (.escape, 1) }
        guard bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return (.escape, 1) }
        // CSI: parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
        guard let final = bytes.indices.dropFirst(2).first(where: { (0x40...0x7E).contains(bytes[$0]) }) else {
            if bytes.count > 16 { return (nil, bytes.count) }  // no key: dropped
            return nil
        }
        let parameters = String(decoding: bytes[2..<final], as: UTF8.self)
        return (named(final: bytes[final], parameters: parameters), final + 1)
    }

    private static func named(final: UInt8, parameters: String) -> WatchKey? {
        switch (Character(Unicode.Scalar(final)), parameters) {
        case ("A", _): return .up
        case ("B", _): return .down
        case ("C", _): return .right
        case ("D", _): return .left
        case ("H", _), ("~", "1"), ("~", "7"): return .home
        case ("F", _), ("~", "4"), ("~", "8"): return .end
        case ("~", "5"): return .pageUp
        case ("~", "6"): return .pageDown
        default: return nil
        }
    }

    private static func utf8(_ bytes: [UInt8]) -> (WatchKey?, Int)? {
        let length =
            switch bytes[0] {
            case 0xC0..<0xE0: 2
            case 0xE0..<0xF0: 3
            case 0xF0..<0xF8: 4
            default: 1
            }
        guard bytes.count >= length else { return nil }
        let text = String(decoding: bytes[0..<length], as: UTF8.self)
        guard let character = text.first, text.unicodeScalars.first?.value != 0xFFFD else { return (nil, length) }
        return (.character(character), length)
    }
}
