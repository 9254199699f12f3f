"""Checkout services: shipping information, totals information and
payment information, for customer/admin carts (numeric ids) and guest carts (masked ids).

Each operation is written once (``Checkout``) on a cart row; the services find the row.
"""
from __future__ import annotations

from ...framework.context import Context, Service
from ...framework.exceptions import InputException, NoSuchEntityException, StateException
from ..quote import addresses, carts, payments, totals
from ..quote.api import AddressInterface, PaymentInterface, PaymentMethodInterface, TotalsInterface
from ..quote.ordering import check_guest_checkout, placement_limit
from ..quote.service import SHIPPING_ADDRESS_MISSING, Carts
from ..shipping import totals as shipping_totals
from .api import PaymentDetailsInterface, ShippingInformationInterface, TotalsInformationInterface
from .placement import place

EMPTY_CART = "The shipping method can't be set for an empty cart. Add an item to cart and try again."
CARRIER_NOT_FOUND = "Carrier with such method not found: %1, %2"
INFO_NOT_SAVED = "The shipping information was unable to be saved. Verify the input data and try again."
TOTALS_EMPTY_CART = "Totals calculation is not applicable to empty cart"


class Checkout:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.carts = Carts(ctx)

    def _details(self, collected: carts.Collected) -> PaymentDetailsInterface:
        codes = payments.available(self.ctx, collected.quote, collected.total)
        return PaymentDetailsInterface.of(
            payment_methods=[PaymentMethodInterface.of(code=c, title=payments.title(self.ctx, c)) for c in codes],
            totals=collected.totals)

    def save_shipping_information(self, row, info: ShippingInformationInterface) -> PaymentDetailsInterface:
        ship = info.shipping_address
        if ship is None or not (ship.country_id or "").strip():
            raise StateException(SHIPPING_ADDRESS_MISSING)
        if row.items_count == 0:
            raise InputException(EMPTY_CART)
        shipping = self.carts.address_values(row, ship)
        billing = self.carts.address_values(row, info.billing_address) if info.billing_address is not None else None
        if addresses.too_long(shipping) or (billing is not None and addresses.too_long(billing)):
            raise InputException(INFO_NOT_SAVED)
        carrier, method = info.shipping_carrier_code, info.shipping_method_code
        # written first and collected once: a refusal below raises, and the request's transaction rolls
        # the writes back
        if not row.is_virtual:
            carts.set_fields(self.ctx, row.id, shipping_carrier_code=carrier, shipping_method_code=method)
            row = row._replace(shipping_carrier_code=carrier, shipping_method_code=method)
        cart = carts.Loaded(self.ctx, row)
        carts.store_address(self.ctx, cart, "shipping", shipping)
        if billing is not None:
            carts.store_address(self.ctx, cart, "billing", billing)
        collected = carts.collect_and_save(self.ctx, row.id, cart)
        if not row.is_virtual:
            refused = shipping_totals.refused(collected.total)
            if refused is not None:
                raise shipping_totals.refusal(refused)
            if collected.total.shipping_carrier_title is None:
                raise NoSuchEntityException(CARRIER_NOT_FOUND, [carrier or "", method or ""])
        return self._details(collected)

    def calculate(self, row, info: TotalsInformationInterface) -> TotalsInterface:
        """The totals for an address and method, without saving the cart."""
        if row.items_count == 0:
            raise InputException(TOTALS_EMPTY_CART)
        cart = carts.Loaded(self.ctx, row)
        address = addresses.for_totals(addresses.values_of(info.address)) if info.address is not None else None
        if row.is_virtual:
            quote = carts.pipeline_quote(self.ctx, cart, billing_address=address)
        else:
            quote = carts.pipeline_quote(self.ctx, cart, shipping_address=address,
                                         shipping_carrier_code=info.shipping_carrier_code,
                                         shipping_method_code=info.shipping_method_code)
        total, segments = totals.collect(self.ctx, quote)
        return carts.totals_object(quote, total, segments)

    def save_payment_information(self, row, payment_method: PaymentInterface, billing_address: AddressInterface | None,
                                 email: str | None = None) -> None:
        """Store the e-mail (guests), the billing address and the payment method."""
        prepared = self._store_payment_information(row, payment_method, billing_address, email)
        carts.save_collected(self.ctx, prepared.quote, prepared.total, prepared.segments)

    def save_payment_information_and_place(self, row, payment_method: PaymentInterface,
                                           billing_address: AddressInterface | None, email: str | None = None) -> int:
        """``save_payment_information``, then the order. The placement takes on the cart as loaded and
        collected here (it saves the collection itself), unless the collection added a collector line:
        then the collection is stored and the placement reads the cart afresh, with the line's id."""
        prepared = self._store_payment_information(row, payment_method, billing_address, email, write_email=False)
        if prepared.settled:  # the order's update of the cart stores the e-mail
            return place(self.ctx, row.id, prepared=prepared)
        if prepared.cart.row.customer_email != row.customer_email:
            carts.set_fields(self.ctx, row.id, customer_email=prepared.cart.row.customer_email)
        carts.save_collected(self.ctx, prepared.quote, prepared.total, prepared.segments)
        return place(self.ctx, row.id)

    def _store_payment_information(self, row, payment_method: PaymentInterface,
                                   billing_address: AddressInterface | None, email: str | None,
                                   write_email: bool = True) -> carts.Prepared:
        email = (email or "").strip() or None
        if email is not None:
            if write_email:
                carts.set_fields(self.ctx, row.id, customer_email=email)
            row = row._replace(customer_email=email)
        cart = carts.Loaded(self.ctx, row)
        if billing_address is not None:
            values = self.carts.address_values(row, billing_address)
            values["email"] = email or values["email"]
            if addresses.too_long(values):
                raise InputException(INFO_NOT_SAVED)
            carts.store_address(self.ctx, cart, "billing", values)
        return self.carts.prepare_payment(row, payment_method, cart=cart)

    def payment_information(self, row) -> PaymentDetailsInterface:
        """Read-only (a GET): collected in memory, not saved."""
        quote = carts.pipeline_quote(self.ctx, carts.Loaded(self.ctx, row))
        total, segments = totals.collect(self.ctx, quote)
        return self._details(carts.Collected(quote, total, segments, carts.totals_object(quote, total, segments)))


class _ById(Service):
    def _row(self, cart_id: int):
        return carts.row_of(self.ctx, cart_id)


class _Guest(Service):
    def _row(self, cart_id: str):
        return carts.by_masked_id(self.ctx, cart_id)


class ShippingInformationManagement(_ById):
    interface = "Magento\\Checkout\\Api\\ShippingInformationManagementInterface"
    summary = "Shipping information of a cart"

    def save_address_information(self, cart_id: int,
                                 address_information: ShippingInformationInterface) -> PaymentDetailsInterface:
        return Checkout(self.ctx).save_shipping_information(self._row(cart_id), address_information)


class GuestShippingInformationManagement(_Guest):
    interface = "Magento\\Checkout\\Api\\GuestShippingInformationManagementInterface"
    summary = "Shipping information of a guest cart"

    def save_address_information(self, cart_id: str,
                                 address_information: ShippingInformationInterface) -> PaymentDetailsInterface:
        return Checkout(self.ctx).save_shipping_information(self._row(cart_id), address_information)


class TotalsInformationManagement(_ById):
    interface = "Magento\\Checkout\\Api\\TotalsInformationManagementInterface"
    summary = "Totals for an address and method"

    def calculate(self, cart_id: int, address_information: TotalsInformationInterface) -> TotalsInterface:
        return Checkout(self.ctx).calculate(self._row(cart_id), address_information)


class GuestTotalsInformationManagement(_Guest):
    interface = "Magento\\Checkout\\Api\\GuestTotalsInformationManagementInterface"
    summary = "Totals of a guest cart for an address and method"

    def calculate(self, cart_id: str, address_information: TotalsInformationInterface) -> TotalsInterface:
        return Checkout(self.ctx).calculate(self._row(cart_id), address_information)


class PaymentInformationManagement(_ById):
    interface = "Magento\\Checkout\\Api\\PaymentInformationManagementInterface"
    summary = "Payment information and placing the order"

    def save_payment_information_and_place_order(self, cart_id: int, payment_method: PaymentInterface,
                                                 billing_address: AddressInterface | None = None) -> int:
        with placement_limit(self.ctx):
            return Checkout(self.ctx).save_payment_information_and_place(self._row(cart_id), payment_method,
                                                                         billing_address)

    def save_payment_information(self, cart_id: int, payment_method: PaymentInterface,
                                 billing_address: AddressInterface | None = None) -> bool:
        Checkout(self.ctx).save_payment_information(self._row(cart_id), payment_method, billing_address)
        return True

    def get_payment_information(self, cart_id: int) -> PaymentDetailsInterface:
        return Checkout(self.ctx).payment_information(self._row(cart_id))


class GuestPaymentInformationManagement(_Guest):
    interface = "Magento\\Checkout\\Api\\GuestPaymentInformationManagementInterface"
    summary = "Payment information and placing the order of a guest cart"

    def save_payment_information_and_place_order(self, cart_id: str, payment_method: PaymentInterface,
                                                 email: str | None = None,
                                                 billing_address: AddressInterface | None = None) -> int:
        row = self._row(cart_id)
        check_guest_checkout(self.ctx)
        with placement_limit(self.ctx):
            return Checkout(self.ctx).save_payment_information_and_place(row, payment_method, billing_address, email)

    def save_payment_information(self, cart_id: str, payment_method: PaymentInterface, email: str | None = None,
                                 billing_address: AddressInterface | None = None) -> bool:
        Checkout(self.ctx).save_payment_information(self._row(cart_id), payment_method, billing_address, email)
        return True

    def get_payment_information(self, cart_id: str) -> PaymentDetailsInterface:
        return Checkout(self.ctx).payment_information(self._row(cart_id))
