import CarePlanStore

/// One value of a reading in FHIR's value[x] choice, for an Observation or one of its components.
struct ObservationValue {
    var quantity: Quantity?
    var string: String?
    var boolean: Bool?
    var integer: Int?
    var concept: CodeableConcept?
    var time: String?

    /// The value as its measure types it: numbers with units as UCUM quantities, whole numbers
    /// without a unit (scales, counts) as integers, yes/no as booleans, a choice as the option's
    /// name, a sleep diary's clock times as times of day.
    init?(_ value: ReadingValue, type: Measure.ValueType) {
        switch type {
        case .boolean:
            guard let number = value.value else { return nil }
            boolean = number != 0
        case .choice:
            guard let text = value.text else { return nil }
            concept = CodeableConcept(text: text)
        case .text:
            guard let text = value.text else { return nil }
            string = text
        case .sleep where value.text != nil:
            guard let clock = value.text.flatMap({ TimeOfDay(text: $0) }) else { return nil }
            time = clock.description + ":00"
        case .number, .integer, .scale, .sleep:
            guard let number = value.value else { return nil }
            if let unit = value.unit {
                let code = UCUM.code(for: unit)
                // The unit as careplan writes it in English (`bpm`), not `UnitRegistry.display`, which is in
                // the reader's language: a FHIR resource reads the same in every language.
                quantity = Quantity(value: Self.clean(number), unit: UnitRegistry.unit(unit)?.englishDisplay ?? unit, system: code == nil ? nil : UCUM.system,
                                    code: code)
            } else if number == number.rounded(), abs(number) < 2e9, type != .number {
                integer = Int(number)
            } else {
                quantity = Quantity(value: Self.clean(number))
            }
        }
    }

    /// Binary noise from unit conversion left out (98.60000000000001 → 98.6).
    static func clean(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    func apply(to holder: inout some ObservationValueHolder) {
        holder.valueQuantity = quantity
        holder.valueString = string
        holder.valueBoolean = boolean
        holder.valueInteger = integer
        holder.valueCodeableConcept = concept
        holder.valueTime = time
    }
}
