import GRDB

extension Database {
    /// Rows per statement of `forEachBatch`: 6,000 parameters for the widest rows, under
    /// SQLite's limit of 32,766.
    static let rowsPerBatch = 1000

    /// Runs a statement once per batch of up to `rowsPerBatch` of `count` rows: `sql` is
    /// given the batch's `VALUES` list (`(?, ?), (?, ?), …`, `columns` to a row) and
    /// `arguments` the batch's range, to bind its rows' values in order (and any other
    /// parameter of `sql`); `run` executes or reads the statement.
    ///
    /// Values bound as parameters, not one JSON text SQLite parsed back: inserting 100,000
    /// rows from `json_each` took 365 ms. A full batch's statement is cached; the last,
    /// shorter one is prepared once and dropped, so the cache keeps one statement per query.
    func forEachBatch(
        of count: Int, columns: Int, sql: (_ values: String) -> String,
        arguments: (_ batch: Range<Int>, _ arguments: inout [DatabaseValue]) -> Void,
        run body: (Statement) throws -> Void
    ) throws {
        let row = "(" + repeatElement("?", count: columns).joined(separator: ", ") + ")"
        for start in stride(from: 0, to: count, by: Self.rowsPerBatch) {
            let batch = start..<min(count, start + Self.rowsPerBatch)
            let text = sql(repeatElement(row, count: batch.count).joined(separator: ", "))
            let statement = try batch.count == Self.rowsPerBatch ? cachedStatement(sql: text) : makeStatement(sql: text)
            var values: [DatabaseValue] = []
            values.reserveCapacity(batch.count * columns + 1)
            arguments(batch, &values)
            try statement.setArguments(StatementArguments(values))
            try body(statement)
        }
    }
}
