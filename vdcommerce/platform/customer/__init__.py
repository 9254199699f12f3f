"""Customers: accounts, addresses, the customer repository and sign-in; anonymising a customer."""
from . import tables  # noqa: F401
from .service import AccountManagement, AddressRepository, CustomerRepository  # noqa: F401
from .groups import CustomerGroupConfig, GroupManagement, GroupRepository  # noqa: F401
from .metadata import AddressMetadata, CustomerMetadata  # noqa: F401
from .anonymize import anonymize_customer  # noqa: F401
