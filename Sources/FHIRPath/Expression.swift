import Foundation

/// A FHIRPath expression, parsed once and evaluated as often as needed.
///
/// ```swift
/// let total = try FHIRPathExpression("%resource.item.answer.value.ordinal().sum()")
/// let score = try total.evaluate(on: response, environment: .init(variables: ["questionnaire": [...]]))
/// ```
public struct FHIRPathExpression: Sendable {
    public let text: String
    let root: Node
    /// How many loop-invariant parts the tree has (`Invariants`).
    let invariantSlots: Int

    /// Parses `text`; a syntax error, an unknown function or a wrong number of arguments throws
    /// with the line and column.
    public init(_ text: String) throws(FHIRPathError) {
        var parser = try Parser(text)
        self.text = text
        (self.root, self.invariantSlots) = Invariants.mark(try parser.parse())
    }

    /// Evaluates against a resource (or any JSON; nil evaluates with an empty context, for
    /// expressions on literals and variables). `%resource`, `%rootResource` and `%context` are the
    /// resource unless the environment says otherwise.
    public func evaluate(on resource: JSON?, environment: Environment = Environment()) throws(FHIRPathError) -> [Value] {
        let context: [Value] = resource.map { [.element(Element(resource: $0))] } ?? []
        return try evaluate(on: context, environment: environment)
    }

    /// Evaluates with `context` as the focus (`$this`): an element of a resource (say, a
    /// QuestionnaireResponse's item, as SDC evaluates an item's expressions), or any values.
    public func evaluate(on context: [Value], environment: Environment = Environment()) throws(FHIRPathError) -> [Value] {
        var evaluator = Evaluator(source: text, environment: environment, context: context, invariantSlots: invariantSlots)
        return try evaluator.run(root)
    }
}

/// What an expression is evaluated with besides its focus.
public struct Environment: Sendable {
    /// `%name` → its value. `%resource`, `%rootResource` and `%context` default to the focus;
    /// `%ucum`, `%sct`, `%loinc` are always there.
    public var variables: [String: [Value]]
    /// `now()`, `today()` and `timeOfDay()`: fixed for one evaluation, as the specification asks.
    public var now: Date
    /// The offset `now()` is written in, in minutes east of UTC (the machine's by default).
    /// The machine's is worked out only when an expression asks for the time: reading the time
    /// zone is Foundation's first use of ICU, about 0.4 ms of a process, and most expressions
    /// (a form's score, its conditions) never need it.
    public var offsetMinutes: Int {
        get { givenOffsetMinutes ?? TimeZone.current.secondsFromGMT(for: now) / 60 }
        set { givenOffsetMinutes = newValue }
    }
    private var givenOffsetMinutes: Int?
    /// Strict mode: a name the model does not have for the element's type is an error, not an
    /// empty result, and choice elements must be named without their type (`value`, not `valueQuantity`).
    public var strict: Bool
    /// Receives `trace(name)`'s output; nil ignores it.
    public var trace: (@Sendable (String, [Value]) -> Void)?
    /// Evaluation stops with an error past this many steps: a guard against expressions that
    /// would run for hours (`repeat` on a huge tree, nested `select` over `descendants()`).
    public var stepLimit: Int

    public init(variables: [String: [Value]] = [:], now: Date = Date(), offsetMinutes: Int? = nil, strict: Bool = false,
                trace: (@Sendable (String, [Value]) -> Void)? = nil, stepLimit: Int = 50_000_000) {
        self.variables = variables
        self.now = now
        self.givenOffsetMinutes = offsetMinutes
        self.strict = strict
        self.trace = trace
        self.stepLimit = stepLimit
    }

    /// A variable from JSON, as `--resource name=FILE.json` and SDC give them: a resource, an
    /// element, or a primitive (a JSON number stays exact).
    public static func value(of json: JSON) -> [Value] {
        json.items.map { item in
            if case .object = item { return .element(Element(resource: item)) }
            return Element.primitiveValue(of: item, type: "").map { $0 } ?? .element(Element(resource: item))
        }
    }
}
