/// Numbers as the English summaries write them ("1,204 views", "97.4 rating"), the same on
/// every machine. Foundation's number styles would load ICU's number formatter at every
/// start-up to give the same text (`docs/design/performance.md`).
public enum DecimalText {
    /// Thousands grouped with commas: 1204 → "1,204", -36519 → "-36,519".
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude).utf8)
        var text = number < 0 ? "-" : ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { text += "," }
            text.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return text
    }

    /// At most one decimal, rounded half to even as ICU does, the whole part grouped:
    /// 97.44 → "97.4", 57.25 → "57.2", 97.96 → "98", 1234.5 → "1,234.5".
    public static func upToOneDecimal(_ number: Double) -> String {
        let tenths = (number * 10).rounded(.toNearestOrEven)
        guard tenths.isFinite, tenths.magnitude < 1e17 else { return String(number) }
        let whole = Int(tenths) / 10
        let tenth = Int(tenths.magnitude) % 10
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return sign + grouped(whole) + (tenth == 0 ? "" : ".\(tenth)")
    }

    /// Exactly one decimal, not grouped, as `%.1f` writes it without `String(format:)`'s
    /// start-up cost: the exact binary value rounded half to even. 99.96 → "100.0",
    /// 2.25 → "2.2", 0.15 → "0.1" (it is 0.1499…), -0.04 → "-0.0".
    public static func oneDecimal(_ number: Double) -> String {
        let product = number.magnitude * 10
        guard product.isFinite, product < 1e17 else { return String(number) }
        // The product is rounded; what rounding lost decides a tie the product landed on.
        let lost = (-product).addingProduct(number.magnitude, 10)
        var tenths = product.rounded(.toNearestOrEven)
        if product - product.rounded(.down) == 0.5, lost != 0 {
            tenths = lost > 0 ? product.rounded(.up) : product.rounded(.down)
        }
        let (whole, tenth) = Int(tenths).quotientAndRemainder(dividingBy: 10)
        return (number.sign == .minus ? "-" : "") + "\(whole).\(tenth)"
    }
}
