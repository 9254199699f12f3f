r"""Request a Quote (`Vendor\RequestQuote`): a customer's cart becomes a quote request that the shop
negotiates, approves or expires, and an approved quote is ordered at its agreed prices
(docs/modules/requestquote.md)."""
from . import service, tables  # noqa: F401
