import FHIRPath
import Testing

/// A union of string literals is made once, as the expression is parsed (SDC forms list the
/// questions a score adds up as `linkId in ('q1' | 'q2' | …)`): it must be the collection `|`
/// makes at evaluation, and `union()`, which is never made ahead, is the witness.
@Suite struct LiteralUnionTests {
    func values(_ text: String) throws -> [String] {
        try FHIRPathExpression(text).evaluate(on: nil).map(FHIRPathText.display)
    }

    @Test(arguments: [
        ("('a' | 'b' | 'a' | 'c')", "'a'.union('b').union('a').union('c')"),
        ("'c' | 'b' | 'c'", "'c'.union('b').union('c')"),
        ("('a' | 'b') | ('b' | 'c' | 'a')", "'a'.union('b').union('b'.union('c').union('a'))"),
        // Not all strings: left to the evaluation, as before.
        ("('a' | 1 | 'a' | 1.0)", "'a'.union(1).union('a').union(1.0)"),
        ("('x' | 'y').count()", "'x'.union('y').count()"),
        ("'b' in ('a' | 'b')", "'b' in 'a'.union('b')"),
        ("'z' in ('a' | 'b')", "'z' in 'a'.union('b')"),
        ("('a' | 'b') contains 'a'", "'a'.union('b') contains 'a'"),
    ])
    func aUnionOfStringLiteralsIsWhatTheUnionFunctionMakes(folded: String, witness: String) throws {
        #expect(try values(folded) == values(witness), "\(folded)")
        #expect(try !values(folded).isEmpty)
    }

    @Test func theFoldedListKeepsItsOrderAndDropsRepeats() throws {
        let result = try FHIRPathExpression("('44250-9' | '44255-8' | '44250-9' | '44259-0')").evaluate(on: nil)
        #expect(result.count == 3)
        #expect(try values("('44250-9' | '44255-8' | '44250-9' | '44259-0')[2]") == ["44259-0"])
    }
}
