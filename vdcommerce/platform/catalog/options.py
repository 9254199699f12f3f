"""The options of the product select attributes (``color``, ``size``, ``manufacturer``, ``material``,
``activity``), with a label per store view.

An option's ``label`` is its admin label (store 0); ``store_labels`` add one per store view. A list
shows each option's label in the request's store view (store 0's where it has none), led by the
empty option the platform lists first (``{"label": " ", "value": ""}``), then by ``sort_order``.
Labels are unique per attribute in store 0. ``value`` is the option id as a string; the add route
answers it.
"""
from __future__ import annotations

from sqlalchemy import delete, func, insert, select

from ...framework.data import digits
from ...framework.context import Service
from ...framework.exceptions import InputException, NoSuchEntityException
from .api import AttributeOptionInterface
from .tables import attribute_option as option_t
from .tables import attribute_option_value as value_t

SELECT_ATTRIBUTES = ("color", "size", "manufacturer", "material", "activity")
#: the attribute id of each select attribute, for clients that name an attribute by its id rather than
#: its code (layered-navigation filters); fixed, as the platform's attribute table would number them
ATTRIBUTE_IDS = {"manufacturer": 83, "color": 93, "material": 141, "size": 144, "activity": 145}
#: select attributes a vendor module adds (``add_select_attribute``): their options are managed by the same
#: routes; they have no fixed attribute id
MODULE_SELECT_ATTRIBUTES: set[str] = set()
NO_ATTRIBUTE = 'The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.'
EMPTY_LABEL = "The attribute option label is empty. Enter a value and try again."
DUPLICATE = 'Admin store attribute option label "%1" is already exists.'
NO_OPTION = 'The "%1" attribute doesn\'t include an option with "%2" ID.'


def add_select_attribute(code: str) -> None:
    """Declare a product select attribute a module adds (called when the module is imported), so that
    its options are managed by the attribute-option routes and read with ``option_labels``."""
    MODULE_SELECT_ATTRIBUTES.add(code)


def _attribute(code: str) -> str:
    if code not in SELECT_ATTRIBUTES and code not in MODULE_SELECT_ATTRIBUTES:
        raise NoSuchEntityException(NO_ATTRIBUTE, [code])
    return code


def option_labels(conn, attribute_code: str, store_id: int = 0) -> dict[int, str]:
    """Option id -> its label in the store view (store 0's where it has none), for other packages."""
    rows = conn.execute(select(value_t.c.option_id, value_t.c.store_id, value_t.c.value)
                        .join(option_t, option_t.c.option_id == value_t.c.option_id)
                        .where(option_t.c.attribute_code == attribute_code, value_t.c.store_id.in_({0, store_id}))
                        .order_by(value_t.c.store_id)).all()
    return {r.option_id: r.value for r in rows}


class ProductAttributeOptionManagement(Service):
    """``Magento\\Catalog\\Api\\ProductAttributeOptionManagementInterface``."""

    interface = "Magento\\Catalog\\Api\\ProductAttributeOptionManagementInterface"
    summary = "Product attribute options"

    def get_items(self, attribute_code: str) -> list[AttributeOptionInterface]:
        code = _attribute(attribute_code)
        options = self.conn.execute(select(option_t.c.option_id).where(option_t.c.attribute_code == code)
                                    .order_by(option_t.c.sort_order, option_t.c.option_id)).scalars().all()
        labels = option_labels(self.conn, code, self.ctx.store_id)
        return [AttributeOptionInterface.of(label=" ", value=""),
                *(AttributeOptionInterface.of(label=labels.get(oid, ""), value=str(oid)) for oid in options)]

    def add(self, attribute_code: str, option: AttributeOptionInterface) -> str:
        code = _attribute(attribute_code)
        label = (option.label or "").strip()
        if not label:
            raise InputException(EMPTY_LABEL)
        taken = self.conn.execute(
            select(func.count()).select_from(value_t.join(option_t, option_t.c.option_id == value_t.c.option_id))
            .where(option_t.c.attribute_code == code, value_t.c.store_id == 0, value_t.c.value == label)).scalar()
        if taken:
            raise InputException(DUPLICATE, [label])
        per_store: dict[int, str] = {}
        for sl in option.store_labels or []:
            if sl.store_id is None or sl.store_id < 0:
                raise InputException.invalid_value("store_id", sl.store_id)
            if sl.store_id != 0 and (sl.label or "").strip():
                per_store[sl.store_id] = (sl.label or "").strip()
        if option.is_default:
            self.conn.execute(option_t.update().where(option_t.c.attribute_code == code).values(is_default=False))
        oid = self.conn.execute(insert(option_t).values(
            attribute_code=code, sort_order=option.sort_order or 0, is_default=bool(option.is_default))
            .returning(option_t.c.option_id)).scalar_one()
        self.conn.execute(insert(value_t), [{"option_id": oid, "store_id": 0, "value": label},
                                            *({"option_id": oid, "store_id": s, "value": v}
                                              for s, v in sorted(per_store.items()))])
        return str(oid)

    def delete(self, attribute_code: str, option_id: str) -> bool:
        code = _attribute(attribute_code)
        oid = int(option_id) if digits(str(option_id).strip()) else None
        gone = 0 if oid is None else self.conn.execute(
            delete(option_t).where(option_t.c.attribute_code == code, option_t.c.option_id == oid)).rowcount
        if not gone:
            raise NoSuchEntityException(NO_OPTION, [code, option_id])
        self.conn.execute(delete(value_t).where(value_t.c.option_id == oid))
        return True

