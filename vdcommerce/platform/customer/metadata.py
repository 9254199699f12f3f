"""The customer and customer address attribute definitions (``/V1/attributeMetadata/customer...``).

The system attributes are those of the customer and address data interfaces, described as the platform
describes them (input type, label, requirement, validation rules, forms, options). Custom attributes
(``user_defined``) come from providers: a package that defines customer attributes registers
``provider(ctx, entity) -> list[AttributeMetadataInterface]`` in ``CUSTOM_PROVIDERS`` (entity
``customer`` or ``customer_address``), each attribute naming its forms in ``FORMS_OF[...]``.
"""
from __future__ import annotations

from collections.abc import Callable
from ...framework.context import Context, Service
from ...framework.exceptions import NoSuchEntityException
from ..store import service as scopes
from . import directory
from .api import AttributeMetadataInterface, OptionInterface, ValidationRuleInterface
from .tables import customer_group as group_t

CUSTOMER = "customer"
ADDRESS = "customer_address"

#: entity -> providers of its custom attributes
CUSTOM_PROVIDERS: dict[str, list[Callable[[Context, str], list[AttributeMetadataInterface]]]] = {
    CUSTOMER: [], ADDRESS: []}
#: (entity, attribute code) -> the forms a custom attribute is used in, filled by its provider
FORMS_OF: dict[tuple[str, str], tuple[str, ...]] = {}

_ACCOUNT = ("customer_account_create", "customer_account_edit", "adminhtml_customer", "adminhtml_checkout")
_ADMIN = ("adminhtml_customer",)
_ADDRESS_FORMS = ("adminhtml_customer_address", "customer_address_edit", "customer_register_address")
_NAME_RULES = (("max_text_length", "255"), ("min_text_length", "1"))

# code, input, label, required, visible, sort order, backend type, rules, forms, options kind
_Spec = tuple[str, str, str, bool, bool, int, str, tuple[tuple[str, str], ...], tuple[str, ...], str | None]
_CUSTOMER: tuple[_Spec, ...] = (
    ("website_id", "select", "Associate to Website", True, False, 10, "static", (), _ADMIN, "websites"),
    ("created_in", "text", "Account Created in", False, False, 20, "static", (), _ADMIN, None),
    ("group_id", "select", "Group", True, False, 25, "static", (), _ADMIN + ("adminhtml_checkout",), "groups"),
    ("store_id", "select", "Create In", True, False, 0, "static", (), (), "stores"),
    ("prefix", "text", "Name Prefix", False, False, 30, "static", (), _ACCOUNT, None),
    ("firstname", "text", "First Name", True, True, 40, "static", _NAME_RULES, _ACCOUNT, None),
    ("middlename", "text", "Middle Name/Initial", False, False, 50, "static", (), _ACCOUNT, None),
    ("lastname", "text", "Last Name", True, True, 60, "static", _NAME_RULES, _ACCOUNT, None),
    ("suffix", "text", "Name Suffix", False, False, 70, "static", (), _ACCOUNT, None),
    ("email", "text", "Email", True, True, 80, "static", (("input_validation", "email"),), _ACCOUNT, None),
    ("dob", "date", "Date of Birth", False, False, 90, "static", (("input_validation", "date"),), _ACCOUNT,
     None),
    ("taxvat", "text", "Tax/VAT Number", False, False, 100, "static", (("max_text_length", "255"),), _ACCOUNT,
     None),
    ("gender", "select", "Gender", False, False, 110, "static", (), _ACCOUNT, "gender"),
    ("confirmation", "text", "Is Confirmed", False, False, 0, "static", (), (), None),
    ("created_at", "date", "Created At", False, False, 0, "static", (), (), None),
    ("updated_at", "date", "Updated At", False, False, 0, "static", (), (), None),
    ("default_billing", "text", "Default Billing Address", False, False, 0, "static", (), (), None),
    ("default_shipping", "text", "Default Shipping Address", False, False, 0, "static", (), (), None),
    ("disable_auto_group_change", "boolean", "Disable Automatic Group Change Based on VAT ID", False, False, 28,
     "static", (), _ADMIN, None),
)
_ADDRESS: tuple[_Spec, ...] = (
    ("prefix", "text", "Name Prefix", False, False, 10, "static", (), _ADDRESS_FORMS, None),
    ("firstname", "text", "First Name", True, True, 20, "static", _NAME_RULES, _ADDRESS_FORMS, None),
    ("middlename", "text", "Middle Name/Initial", False, False, 30, "static", (), _ADDRESS_FORMS, None),
    ("lastname", "text", "Last Name", True, True, 40, "static", _NAME_RULES, _ADDRESS_FORMS, None),
    ("suffix", "text", "Name Suffix", False, False, 50, "static", (), _ADDRESS_FORMS, None),
    ("company", "text", "Company", False, True, 60, "static", (("max_text_length", "255"),), _ADDRESS_FORMS,
     None),
    ("street", "multiline", "Street Address", True, True, 70, "static", (("max_text_length", "255"),),
     _ADDRESS_FORMS, None),
    ("city", "text", "City", True, True, 80, "static", (("max_text_length", "255"),), _ADDRESS_FORMS, None),
    ("country_id", "select", "Country", True, True, 90, "static", (), _ADDRESS_FORMS, "countries"),
    ("region", "text", "State/Province", False, True, 100, "static", (), _ADDRESS_FORMS, None),
    ("region_id", "hidden", "State/Province", False, True, 100, "static", (), _ADDRESS_FORMS, "regions"),
    ("postcode", "text", "Zip/Postal Code", False, True, 110, "static", (), _ADDRESS_FORMS, None),
    ("telephone", "text", "Phone Number", True, True, 120, "static", (("max_text_length", "255"),),
     _ADDRESS_FORMS, None),
    ("fax", "text", "Fax", False, False, 130, "static", (("max_text_length", "255"),), _ADDRESS_FORMS, None),
    ("vat_id", "text", "VAT Number", False, False, 140, "static", (), _ADDRESS_FORMS, None),
)
_SPECS = {CUSTOMER: {s[0]: s for s in _CUSTOMER}, ADDRESS: {s[0]: s for s in _ADDRESS}}
_GENDERS = ((" ", ""), ("Male", "1"), ("Female", "2"), ("Not Specified", "3"))

#: the store label of a system attribute (what the platform's messages name)
LABELS = {entity: {code: spec[2] for code, spec in specs.items()} for entity, specs in _SPECS.items()}


def _options(ctx: Context, kind: str | None) -> list[OptionInterface]:
    pairs: list[tuple[str, str]] = []
    if kind == "gender":
        pairs = list(_GENDERS)
    elif kind == "groups":
        pairs = _group_pairs(ctx)
    elif kind == "websites":
        pairs = [(w.name, str(w.website_id)) for w in scopes.websites(ctx.conn) if w.website_id != 0]
    elif kind == "stores":
        pairs = [(s.name, str(s.store_id)) for s in scopes.store_views(ctx.conn) if s.store_id != 0]
    elif kind == "countries":
        pairs = [(code, code) for code in sorted(directory.COUNTRIES)]
    elif kind == "regions":
        pairs = [(r.name, str(r.region_id)) for r in directory.REGIONS.values()]
    return [OptionInterface.of(label=label, value=value) for label, value in pairs]


def _group_pairs(ctx: Context) -> list[tuple[str, str]]:
    """The groups a customer may join (not the guests' one)."""
    rows = ctx.conn.execute(group_t.select().where(group_t.c.customer_group_id != 0)
                            .order_by(group_t.c.customer_group_id))
    return [(r.customer_group_code, str(r.customer_group_id)) for r in rows]


def _metadata(ctx: Context, spec: _Spec) -> AttributeMetadataInterface:
    code, frontend_input, label, required, visible, sort_order, backend, rules, forms, options = spec
    return AttributeMetadataInterface.of(
        attribute_code=code, frontend_input=frontend_input, input_filter="", store_label=label,
        validation_rules=[ValidationRuleInterface.of(name=n, value=v) for n, v in rules],
        multiline_count=2 if frontend_input == "multiline" else 0, visible=visible, required=required,
        data_model="", options=_options(ctx, options), frontend_class="", user_defined=False,
        sort_order=sort_order, frontend_label=label, note="", system=True, backend_type=backend,
        is_used_in_grid=code in _GRID, is_visible_in_grid=code in _GRID, is_filterable_in_grid=code in _GRID,
        is_searchable_in_grid=code in _SEARCHABLE)


_GRID = {"website_id", "created_in", "group_id", "firstname", "lastname", "email", "dob", "taxvat", "gender",
         "created_at", "company", "city", "country_id", "region", "postcode", "telephone", "fax", "vat_id",
         "street", "prefix", "middlename", "suffix", "region_id"}
_SEARCHABLE = {"firstname", "lastname", "email", "taxvat", "company", "city", "postcode", "telephone",
               "street", "middlename", "prefix", "suffix"}


class _Metadata(Service):
    entity: str = CUSTOMER

    def _custom(self) -> list[AttributeMetadataInterface]:
        out: list[AttributeMetadataInterface] = []
        for provider in CUSTOM_PROVIDERS[self.entity]:
            out.extend(provider(self.ctx, self.entity))
        return out

    def _system(self) -> list[AttributeMetadataInterface]:
        return [_metadata(self.ctx, spec) for spec in _SPECS[self.entity].values()]

    def get_attributes(self, form_code: str) -> list[AttributeMetadataInterface]:
        found = [_metadata(self.ctx, spec) for spec in _SPECS[self.entity].values() if form_code in spec[8]]
        found += [a for a in self._custom() if form_code in FORMS_OF.get((self.entity, a.attribute_code or ""), ())]
        if not found:
            raise NoSuchEntityException.single_field("formCode", form_code)
        return sorted(found, key=lambda a: a.sort_order or 0)

    def get_attribute_metadata(self, attribute_code: str) -> AttributeMetadataInterface:
        spec = _SPECS[self.entity].get(attribute_code)
        if spec is not None:
            return _metadata(self.ctx, spec)
        for a in self._custom():
            if a.attribute_code == attribute_code:
                return a
        raise NoSuchEntityException("No such entity with %fieldName = %fieldValue, %field2Name = %field2Value",
                                    {"fieldName": "entityType", "fieldValue": self.entity,
                                     "field2Name": "attributeCode", "field2Value": attribute_code})

    def get_all_attributes_metadata(self) -> list[AttributeMetadataInterface]:
        return self._system() + self._custom()

    def get_custom_attributes_metadata(self, data_interface_name: str | None = None) -> list[AttributeMetadataInterface]:
        return self._custom()


class CustomerMetadata(_Metadata):
    interface = "Magento\\Customer\\Api\\CustomerMetadataInterface"
    summary = "Customer attribute definitions"
    entity = CUSTOMER


class AddressMetadata(_Metadata):
    interface = "Magento\\Customer\\Api\\AddressMetadataInterface"
    summary = "Customer address attribute definitions"
    entity = ADDRESS


def label(entity: str, code: str) -> str:
    """The store label of a system attribute (``First Name``), the code when it has none."""
    return LABELS.get(entity, {}).get(code, code)
