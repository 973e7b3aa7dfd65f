"""sonnx-cts golden-vector generators.

Run ``/usr/bin/python3 -m generators`` from the repository root to regenerate
``vectors/`` (see docs/vector-format.md).  Goldens are computed with exact
rational arithmetic (Div, Mul), rigorous interval arithmetic from mpmath (Pow)
and Python integers; never with a runtime or with numpy float operations.
"""

VERSION = "1.0.0"
