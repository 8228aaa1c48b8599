"""Validates FHIR R4 JSON files independently of careplan's encoder.

Structure, cardinality, data types and primitive formats come from the fhir.resources models of
FHIR 4.0.1 (generated from the official StructureDefinitions). On top, what those models leave
out and the specification requires: the required value-set bindings of the elements careplan
writes, Bundle rules (unique fullUrl, urn:uuid fullUrls matching the resource id, references that
resolve inside the Bundle) and UCUM codes parsed by ucumvert against UCUM's grammar.

Usage: validate.py FILE... ; prints one line per problem and exits 1 when there is any.
"""
import json
import sys

from fhir.resources import construct_fhir_element
from ucumvert import get_ucum_parser

UCUM = "http://unitsofmeasure.org"
# Required bindings in FHIR R4 (4.0.1), from the specification's value sets.
REQUIRED = {
    ("Bundle", "type"): {"document", "message", "transaction", "transaction-response", "batch", "batch-response",
                         "history", "searchset", "collection"},
    ("Observation", "status"): {"registered", "preliminary", "final", "amended", "corrected", "cancelled",
                                "entered-in-error", "unknown"},
    ("CarePlan", "status"): {"draft", "active", "on-hold", "revoked", "completed", "entered-in-error", "unknown"},
    ("CarePlan", "intent"): {"proposal", "plan", "order", "option"},
    ("QuestionnaireResponse", "status"): {"in-progress", "completed", "amended", "entered-in-error", "stopped"},
}
DETAIL_STATUS = {"not-started", "scheduled", "in-progress", "on-hold", "completed", "cancelled", "stopped", "unknown",
                 "entered-in-error"}
DETAIL_KIND = {"Appointment", "CommunicationRequest", "DeviceRequest", "MedicationRequest", "NutritionOrder", "Task",
               "ServiceRequest", "VisionPrescription"}
PERIOD_UNITS = {"s", "min", "h", "d", "wk", "mo", "a"}
DAYS = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"}

parser = get_ucum_parser()


def quantities(node, path):
    """Every Quantity-shaped object (value with unit/code/system) below node."""
    if isinstance(node, dict):
        if "value" in node and isinstance(node.get("value"), (int, float)) and ("system" in node or "code" in node):
            yield path, node
        for key, child in node.items():
            yield from quantities(child, f"{path}.{key}")
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from quantities(child, f"{path}[{index}]")


def references(node, path):
    if isinstance(node, dict):
        if isinstance(node.get("reference"), str):
            yield path, node["reference"]
        for key, child in node.items():
            yield from references(child, f"{path}.{key}")
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from references(child, f"{path}[{index}]")


def check_resource(resource, path, problems):
    kind = resource.get("resourceType")
    for (rtype, element), allowed in REQUIRED.items():
        if rtype == kind and element in resource and resource[element] not in allowed:
            problems.append(f"{path}.{element}: '{resource[element]}' is not in the required value set")
    if kind == "CarePlan":
        for index, activity in enumerate(resource.get("activity", [])):
            detail = activity.get("detail", {})
            where = f"{path}.activity[{index}].detail"
            if "status" in detail and detail["status"] not in DETAIL_STATUS:
                problems.append(f"{where}.status: '{detail['status']}' is not in the required value set")
            if "kind" in detail and detail["kind"] not in DETAIL_KIND:
                problems.append(f"{where}.kind: '{detail['kind']}' is not in the required value set")
            rule = detail.get("scheduledTiming", {}).get("repeat", {})
            if "periodUnit" in rule and rule["periodUnit"] not in PERIOD_UNITS:
                problems.append(f"{where}.scheduledTiming.repeat.periodUnit: '{rule['periodUnit']}' is not a UCUM time unit FHIR allows")
            for day in rule.get("dayOfWeek", []):
                if day not in DAYS:
                    problems.append(f"{where}.scheduledTiming.repeat.dayOfWeek: '{day}' is not a day code")
    if kind == "Observation":
        has_value = any(key.startswith("value") for key in resource)
        if has_value and "dataAbsentReason" in resource:
            problems.append(f"{path}: obs-6: dataAbsentReason with a value")
        for index, component in enumerate(resource.get("component", [])):
            if not any(key.startswith("value") for key in component) and "dataAbsentReason" not in component:
                problems.append(f"{path}.component[{index}]: neither a value nor a dataAbsentReason")
    for where, quantity in quantities(resource, path):
        if quantity.get("system") == UCUM:
            code = quantity.get("code")
            if not code:
                problems.append(f"{where}: a UCUM quantity without a code")
                continue
            try:
                parser.parse(code)
            except Exception:
                problems.append(f"{where}: '{code}' is not a valid UCUM code")


def validate(file):
    problems = []
    with open(file, encoding="utf-8") as handle:
        data = json.load(handle)
    try:
        construct_fhir_element(data["resourceType"], data)
    except Exception as error:  # pydantic's ValidationError lists every problem with its path
        problems.append(f"R4 model: {error}")
    if data.get("resourceType") == "Bundle":
        seen = {}
        for index, entry in enumerate(data.get("entry", [])):
            resource = entry.get("resource", {})
            url = entry.get("fullUrl")
            where = f"Bundle.entry[{index}]"
            if url is None:
                problems.append(f"{where}: no fullUrl")
            elif url in seen:
                problems.append(f"{where}: fullUrl {url} repeats entry {seen[url]} (bdl-7)")
            else:
                seen[url] = index
            if url and url.startswith("urn:uuid:") and resource.get("id") and url != "urn:uuid:" + resource["id"]:
                problems.append(f"{where}: fullUrl {url} disagrees with id {resource['id']}")
            check_resource(resource, f"{where}.resource", problems)
        for where, target in references(data, "Bundle"):
            if target.startswith("urn:uuid:") and target not in seen:
                problems.append(f"{where}: reference {target} resolves to no entry of the Bundle")
    else:
        check_resource(data, data.get("resourceType", "?"), problems)
    return problems


def main(files):
    failed = False
    for file in files:
        for problem in validate(file):
            failed = True
            print(f"{file}: {problem}")
    if not failed:
        print(f"valid FHIR R4: {len(files)} file(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
