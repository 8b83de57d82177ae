extension LineCleaner {
    /// Writes kept code points, one space for each run of whitespace between them, and the
    /// invisible ones the visible characters around them need (see `CodePointKind`). A joiner, or a
    /// flag's tag sequence, is written as it comes and taken back when what follows shows
    /// it is not needed, so the line never grows longer than its input.
    struct LineWriter {
        let output: UnsafeMutableBufferPointer<UInt8>
        private var count = 0
        private var pendingSpace = false
        /// What was written last, for the code points kept only after some others.
        private var last = Last.nothing
        /// Where a joiner or tag sequence that may still be taken back starts; -1 when none.
        private var tentative = -1
        private var tagCount = 0

        private enum Last { case nothing, ascii, nonASCII, selector, joiner, blackFlag, tag }

        init(output: UnsafeMutableBufferPointer<UInt8>) {
            self.output = output
        }

        /// The length of the line, once a joiner or tag sequence left open is taken back.
        mutating func finish() -> Int {
            takeBack()
            return count
        }

        mutating func space() {
            takeBack()
            pendingSpace = count > 0
            last = .nothing
        }

        /// The word of printable ASCII (other than space, `<` and `&`) starting at `index`,
        /// copied at once, as most of any text is; returns the index after it.
        mutating func appendWord(in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
            var end = index + 1
            while end < bytes.count, bytes[end] > 0x20, bytes[end] < 0x7F, bytes[end] != UInt8(ascii: "<"),
                bytes[end] != UInt8(ascii: "&")
            {
                end += 1
            }
            takeBack()
            writePendingSpace()
            let destination = UnsafeMutableRawPointer(output.baseAddress! + count)
            destination.copyMemory(from: bytes.baseAddress! + index, byteCount: end - index)
            count += end - index
            last = .ascii
            return end
        }

        /// One ASCII byte, classified inline.
        mutating func append(ascii byte: UInt8) {
            if byte > 0x20 && byte != 0x7F {
                takeBack()
                writePendingSpace()
                output[count] = byte
                count += 1
                last = .ascii
            } else if byte == 0x20 || (0x09...0x0D).contains(byte) {
                space()
            }
        }

        /// One UTF-8 sequence, of the kind given.
        mutating func append(_ sequence: UnsafeBufferPointer<UInt8>, kind: CodePointKind) {
            switch kind {
            case .space: space()
            case .dropped: break
            case .kept: visible(sequence, becoming: .nonASCII)
            case .blackFlag: visible(sequence, becoming: .blackFlag)
            case .joiner where last == .nonASCII || last == .selector:
                tentative = count
                write(sequence, becoming: .joiner)
            case .selector where last == .ascii || last == .nonASCII || last == .blackFlag:
                write(sequence, becoming: .selector)
            case .tag where last == .blackFlag || (last == .tag && tagCount < 7):
                if last == .blackFlag { (tentative, tagCount) = (count, 0) }
                tagCount += 1
                write(sequence, becoming: .tag)
            case .cancelTag where last == .tag && tagCount >= 2:
                tentative = -1
                write(sequence, becoming: .nonASCII)
            case .joiner, .selector: break
            case .tag, .cancelTag:
                takeBack()
                last = .nothing
            }
        }

        /// A decoded reference's character, classified by `classify` unless ASCII.
        mutating func append(_ scalar: Unicode.Scalar, classify: (UnsafeBufferPointer<UInt8>) -> CodePointKind) {
            if scalar.isASCII { return append(ascii: UInt8(scalar.value)) }
            var encoded = (UInt8(0), UInt8(0), UInt8(0), UInt8(0))
            var length = 0
            withUnsafeMutableBytes(of: &encoded) { buffer in
                UTF8.encode(scalar) { unit in
                    buffer[length] = unit
                    length += 1
                }
            }
            withUnsafeBytes(of: encoded) { buffer in
                let sequence = UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[0..<length])
                append(sequence, kind: classify(sequence))
            }
        }

        /// A visible non-ASCII character: it keeps the joiner before it, and ends a tag
        /// sequence left open.
        private mutating func visible(_ sequence: UnsafeBufferPointer<UInt8>, becoming kind: Last) {
            if last == .joiner { tentative = -1 } else { takeBack() }
            writePendingSpace()
            write(sequence, becoming: kind)
        }

        private mutating func write(_ sequence: UnsafeBufferPointer<UInt8>, becoming kind: Last) {
            for byte in sequence {
                output[count] = byte
                count += 1
            }
            last = kind
        }

        private mutating func writePendingSpace() {
            guard pendingSpace else { return }
            output[count] = 0x20
            count += 1
            pendingSpace = false
        }

        private mutating func takeBack() {
            guard tentative >= 0 else { return }
            count = tentative
            tentative = -1
        }
    }
}
