"""Requirement ids cited because of the edge categories a float case holds
(shared by the float ops).  The ids are defined in requirements.py."""


def float_tag_requirements(tags) -> set:
    reqs = set()
    if "nan" in tags:
        reqs |= {"ieee754:nan", "spec-notes:SN-18"}
    if "inf" in tags or "overflow" in tags:
        reqs.add("ieee754:infinity")
    if "signed-zero" in tags:
        reqs.add("ieee754:signed-zero")
    if "overflow" in tags:
        reqs.add("ieee754:overflow")
    if tags & {"underflow-subnormal", "round-to-zero", "subnormal-min", "subnormal-max"}:
        reqs.add("ieee754:underflow")
    if "rounding-tie" in tags:
        reqs.add("ieee754:rne")
    return reqs
