"""Back-pressure: request-rate limits per caller, counted in the database so that every worker of a
deployment shares them (docs/platform/backpressure.md)."""
from . import tables  # noqa: F401
