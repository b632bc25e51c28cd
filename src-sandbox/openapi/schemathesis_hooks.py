"""The service contract's own formats for Schemathesis (SCHEMATHESIS_HOOKS=schemathesis_hooks).

The contract names two formats no fuzzer knows: es-nid (a Spanish DNI or NIE and its control
letter) and date (a calendar day from 1900-01-01 to today in UTC). Without these strategies a
fuzzer draws values the document calls valid and the sandbox refuses. They draw what
contract-formats.ts, the sandbox's own check, takes; the project's tests hold them to it.
"""

import datetime

import schemathesis
from hypothesis import strategies as st

CONTROL_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
NIE_PREFIXES = "XYZ"


def _dni(number):
    return f"{number:08d}{CONTROL_LETTERS[number % 23]}"


def _nie(prefix, number):
    counted = NIE_PREFIXES.index(prefix) * 10_000_000 + number
    return f"{prefix}{number:07d}{CONTROL_LETTERS[counted % 23]}"


def _either_case(value, lower):
    return value.lower() if lower else value


es_nid = st.builds(
    _either_case,
    st.one_of(
        st.builds(_dni, st.integers(0, 99_999_999)),
        st.builds(_nie, st.sampled_from(NIE_PREFIXES), st.integers(0, 9_999_999)),
    ),
    st.booleans(),
)

birthdate = st.dates(
    min_value=datetime.date(1900, 1, 1),
    max_value=datetime.datetime.now(datetime.timezone.utc).date(),
).map(datetime.date.isoformat)

schemathesis.openapi.format("es-nid", es_nid)
schemathesis.openapi.format("date", birthdate)
