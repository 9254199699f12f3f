"""The recurring wallet services.

``BillingAgreementManagement`` (the storefront's routes, ``self`` with the caller's active cart forced):
validate a wallet token with the gateway adapter and keep the result as the customer's billing
agreement for the method, set it as the cart's payment, and optionally place the order in the same
transaction; list and cancel one's own agreements. ``BillingAgreementRepository`` is the admin's view
(read any agreement, search them, cancel one).
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from ...framework.context import Service
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...framework.repository import Repository
from ...framework.search import SearchCriteria
from ...platform.checkout.placement import place
from ...platform.checkout.service import Checkout
from ...platform.quote import carts
from ...platform.quote.api import AddressInterface, PaymentInterface
from . import gateway, records
from .api import BillingAgreementInterface, BillingAgreementSearchResultsInterface
from .tables import agreement as agreement_table

EMPTY_CART = "The cart is empty. Add products before saving a billing agreement."
PAYMENT_NOT_AVAILABLE = "The requested Payment Method is not available."
DECLINED = "The wallet payment could not be validated. Please try another payment method."
TOKEN_MAX = 4096


def not_found(agreement_id: int) -> NoSuchEntityException:
    return NoSuchEntityException.single_field("agreementId", agreement_id)


def _out(row: Any) -> BillingAgreementInterface:
    return BillingAgreementInterface.of(
        agreement_id=row.agreement_id, customer_id=row.customer_id, method_code=row.method_code,
        reference_id=row.reference_id, agreement_label=row.agreement_label, status=row.status,
        store_id=row.store_id, created_at=row.created_at, updated_at=row.updated_at)


class BillingAgreementManagement(Service):
    interface = "Vendor\\RecurringWallet\\Api\\BillingAgreementManagementInterface"
    summary = "Wallet billing agreements of the calling customer"

    def validate_and_save_billing_agreement(self, cart_id: int, payment_method: PaymentInterface,
                                            billing_address: AddressInterface | None = None) -> int:
        return self._save(cart_id, payment_method, billing_address)

    def save_billing_agreement_and_place_order(self, cart_id: int, payment_method: PaymentInterface,
                                               billing_address: AddressInterface | None = None) -> int:
        self._save(cart_id, payment_method, billing_address)
        # the request's one transaction: a refused placement rolls the agreement and the cart back too
        return place(self.ctx, cart_id)

    def get_list_by_customer_id(self, customer_id: int) -> list[BillingAgreementInterface]:
        return [_out(r) for r in records.of_customer(self.ctx, customer_id)]

    def cancel_billing_agreement(self, customer_id: int, agreement_id: int) -> bool:
        row = records.find(self.ctx, agreement_id) if 0 < agreement_id < 2**31 else None
        if row is None or row.customer_id != customer_id:
            raise not_found(agreement_id)
        if row.status != records.CANCELED:
            records.cancel(self.ctx, agreement_id)
        return True

    # ------------------------------------------------------------------ validate and save

    def _save(self, cart_id: int, payment: PaymentInterface, billing_address: AddressInterface | None) -> int:
        row = carts.row_of(self.ctx, cart_id)
        if not row.items_count:
            raise InputException(EMPTY_CART)
        method = (payment.method or "").strip()
        if method not in records.METHODS or not self.ctx.config_flag(f"payment/{method}/active"):
            raise LocalizedException(PAYMENT_NOT_AVAILABLE)
        data: dict[str, str] = payment.additional_data if isinstance(payment.additional_data, dict) else {}
        token = (data.get("wallet_token") or "").strip()
        if not token:
            raise InputException.required("wallet_token")
        if len(token) > TOKEN_MAX:
            raise InputException.invalid_value("wallet_token", token[:32] + "...")
        currency = str(self.ctx.config_value("currency/options/base", "USD") or "USD")
        reference = gateway.validate(self.ctx, method, token, Decimal(row.grand_total or 0), currency)
        if reference is None:
            raise InputException(DECLINED)
        customer_id = row.customer_id
        assert customer_id is not None  # the forced cart is the calling customer's
        agreement_id = records.upsert(self.ctx, customer_id, method, reference, self._label(method, data))
        stored = PaymentInterface.of(method=method, po_number=None,
                                     additional_data=records.payment_information(agreement_id, reference))
        # billing address and payment method exactly as set-payment-information stores them
        Checkout(self.ctx).save_payment_information(row, stored, billing_address)
        return agreement_id

    def _label(self, method: str, data: dict[str, str]) -> str:
        title = str(self.ctx.config_value(f"payment/{method}/title", method))
        network = (data.get("card_network") or "").strip()
        last4 = (data.get("card_last4") or "").strip()
        parts = [title] + ([network] if network else []) + ([f"****{last4}"] if last4 else [])
        return " ".join(parts)[:255]


class BillingAgreementRepository(Repository[BillingAgreementInterface, BillingAgreementSearchResultsInterface]):
    interface = "Vendor\\RecurringWallet\\Api\\BillingAgreementRepositoryInterface"
    summary = "Wallet billing agreements of every customer (admin)"
    entity = "billing agreement"
    table = agreement_table
    data = BillingAgreementInterface
    results = BillingAgreementSearchResultsInterface

    def missing(self, record_id: Any) -> NoSuchEntityException:
        return not_found(record_id)

    def get_by_id(self, agreement_id: int) -> BillingAgreementInterface:
        return self.get_record(agreement_id)

    def get_list(self, search_criteria: SearchCriteria) -> BillingAgreementSearchResultsInterface:
        return self.list_records(search_criteria)

    def cancel(self, agreement_id: int) -> BillingAgreementInterface:
        if self.load(agreement_id)["status"] != records.CANCELED:
            records.cancel(self.ctx, agreement_id)
        return self.get_record(agreement_id)
