"""Customers: accounts, addresses, the customer repository and sign-in; anonymising a customer."""
from . import tables  # noqa: F401
from .service import AccountManagement, CustomerRepository  # noqa: F401
from .anonymize import anonymize_customer  # noqa: F401
