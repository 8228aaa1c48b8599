/// Finds what a reference points at inside the file: a contained resource (`#id`), or another
/// entry of the Bundle by its fullUrl or `Type/id`. Anything else stays a name (its `display`).
struct ReferenceResolver {
    private var contained: [String: AnyResource] = [:]
    private var entries: [String: AnyResource] = [:]

    init(contained: [AnyResource], bundle: Bundle?) {
        for resource in contained { if let id = resource.id { self.contained["#" + id] = resource } }
        for entry in bundle?.entry ?? [] {
            guard let resource = entry.resource else { continue }
            if let url = entry.fullUrl { entries[url] = resource }
            if let id = resource.id { entries[resource.resourceType + "/" + id] = resource }
        }
    }

    func resolve(_ reference: Reference?) -> AnyResource? {
        guard let target = reference?.reference else { return nil }
        if target.hasPrefix("#") { return contained[target] }
        if let found = entries[target] { return found }
        // An absolute URL ending in Type/id names the same resource.
        let parts = target.split(separator: "/")
        guard parts.count >= 2 else { return nil }
        return entries[parts[parts.count - 2] + "/" + parts[parts.count - 1]]
    }

    /// What a person would read for the reference: the resource's name, else its display.
    func name(_ reference: Reference?) -> String? {
        resolve(reference)?.shown ?? reference?.display
    }
}
