/// What identifies the person a plan is for, beyond their name: a date of birth and the
/// identifiers a clinic knows them by (an NHS number, a hospital number), for the report and the
/// FHIR Patient (`patient: {name, born, identifiers}` in the plan file).
public struct PatientDetails: Hashable, Sendable {
    public struct Identifier: Hashable, Sendable {
        /// A URI naming the numbering: `https://fhir.nhs.uk/Id/nhs-number`.
        public var system: String
        public var value: String

        public init(system: String, value: String) {
            self.system = system
            self.value = value
        }
    }

    public var born: LocalDate?
    public var identifiers: [Identifier]

    public init(born: LocalDate? = nil, identifiers: [Identifier] = []) {
        self.born = born
        self.identifiers = identifiers
    }

    public var isEmpty: Bool { born == nil && identifiers.isEmpty }
}
