"""tax: classes, rates, rules, and the tax figures of orders and their documents

The platform's default classes (2 "Taxable Goods", 3 "Retail Customer") and rates (US-CA-*-Rate 1,
US-NY-*-Rate 1; no rule uses them, so nothing is taxed until a rule is made). Orders, their items,
invoices and credit memos gain the shipping's tax, the amounts including tax and the tax that
documents moved; existing rows take 0, or NULL where the amount including tax is derived on reading.

Revision ID: 0020_tax
Revises: 0019_cron
"""
from alembic import op
import sqlalchemy as sa


revision = '0020_tax'
down_revision = '0019_cron'
branch_labels = None
depends_on = None

_MONEY = sa.Numeric(precision=20, scale=4)
_ZERO = {
    'sales_order': ('shipping_tax_amount', 'discount_tax_compensation_amount', 'tax_invoiced', 'tax_refunded'),
    'sales_order_item': ('discount_tax_compensation_amount', 'tax_invoiced', 'tax_refunded',
                         'discount_tax_compensation_invoiced', 'discount_tax_compensation_refunded'),
    'sales_invoice': ('shipping_tax_amount', 'discount_tax_compensation_amount'),
    'sales_invoice_item': ('tax_amount', 'discount_tax_compensation_amount'),
    'sales_creditmemo': ('shipping_tax_amount', 'discount_tax_compensation_amount'),
    'sales_creditmemo_item': ('tax_amount', 'discount_tax_compensation_amount'),
}
_NULL = {
    'sales_order': ('subtotal_incl_tax', 'shipping_incl_tax'),
    'sales_order_item': ('price_incl_tax', 'row_total_incl_tax'),
}


def upgrade() -> None:
    tax_class = op.create_table(
        'tax_class',
        sa.Column('class_id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('class_name', sa.String(length=255), nullable=False),
        sa.Column('class_type', sa.String(length=8), nullable=False),
        sa.PrimaryKeyConstraint('class_id', name=op.f('pk_tax_class')),
        sa.UniqueConstraint('class_type', 'class_name', name='uq_tax_class_type_name'),
    )
    rate = op.create_table(
        'tax_calculation_rate',
        sa.Column('tax_calculation_rate_id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('tax_country_id', sa.String(length=2), nullable=False),
        sa.Column('tax_region_id', sa.Integer(), nullable=False),
        sa.Column('tax_postcode', sa.String(length=21), nullable=True),
        sa.Column('code', sa.String(length=255), nullable=False),
        sa.Column('rate', sa.Numeric(precision=12, scale=4), nullable=False),
        sa.Column('zip_is_range', sa.SmallInteger(), nullable=True),
        sa.Column('zip_from', sa.Integer(), nullable=True),
        sa.Column('zip_to', sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint('tax_calculation_rate_id', name=op.f('pk_tax_calculation_rate')),
        sa.UniqueConstraint('code', name=op.f('uq_tax_calculation_rate_code')),
    )
    op.create_index('ix_tax_calculation_rate_country_region_postcode', 'tax_calculation_rate',
                    ['tax_country_id', 'tax_region_id', 'tax_postcode'], unique=False)
    op.create_table(
        'tax_calculation_rate_title',
        sa.Column('tax_calculation_rate_title_id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('tax_calculation_rate_id', sa.Integer(), nullable=False),
        sa.Column('store_id', sa.Integer(), nullable=False),
        sa.Column('value', sa.String(length=255), nullable=False),
        sa.ForeignKeyConstraint(['tax_calculation_rate_id'], ['tax_calculation_rate.tax_calculation_rate_id'],
                                name=op.f('fk_tax_calculation_rate_title_tax_calculation_rate_id_tax_calculation_rate'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('tax_calculation_rate_title_id', name=op.f('pk_tax_calculation_rate_title')),
        sa.UniqueConstraint('tax_calculation_rate_id', 'store_id', name='uq_tax_calculation_rate_title_rate_store'),
    )
    op.create_table(
        'tax_calculation_rule',
        sa.Column('tax_calculation_rule_id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('code', sa.String(length=255), nullable=False),
        sa.Column('priority', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('calculate_subtotal', sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint('tax_calculation_rule_id', name=op.f('pk_tax_calculation_rule')),
        sa.UniqueConstraint('code', name=op.f('uq_tax_calculation_rule_code')),
    )
    for name, target, column in (
            ('tax_calculation_rule_customer_class', 'tax_class.class_id', 'customer_tax_class_id'),
            ('tax_calculation_rule_product_class', 'tax_class.class_id', 'product_tax_class_id'),
            ('tax_calculation_rule_rate', 'tax_calculation_rate.tax_calculation_rate_id', 'tax_calculation_rate_id')):
        op.create_table(
            name,
            sa.Column('tax_calculation_rule_id', sa.Integer(), nullable=False),
            sa.Column(column, sa.Integer(), nullable=False),
            sa.ForeignKeyConstraint(['tax_calculation_rule_id'], ['tax_calculation_rule.tax_calculation_rule_id'],
                                    name=op.f(f'fk_{name}_tax_calculation_rule_id_tax_calculation_rule'),
                                    ondelete='CASCADE'),
            sa.ForeignKeyConstraint([column], [target],
                                    name=op.f(f'fk_{name}_{column}_{target.split(".")[0]}')),
            sa.PrimaryKeyConstraint('tax_calculation_rule_id', column, name=op.f(f'pk_{name}')),
        )
        op.create_index(f'ix_{name}_{column}', name, [column], unique=False)
    op.create_table(
        'sales_order_tax_item_details',
        sa.Column('order_id', sa.Integer(), nullable=False),
        sa.Column('details', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(['order_id'], ['sales_order.entity_id'],
                                name=op.f('fk_sales_order_tax_item_details_order_id_sales_order'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('order_id', name=op.f('pk_sales_order_tax_item_details')),
    )
    op.bulk_insert(tax_class, [
        {"class_id": 2, "class_name": "Taxable Goods", "class_type": "PRODUCT"},
        {"class_id": 3, "class_name": "Retail Customer", "class_type": "CUSTOMER"},
    ])
    op.bulk_insert(rate, [
        {"tax_calculation_rate_id": 1, "tax_country_id": "US", "tax_region_id": 12, "tax_postcode": "*",
         "code": "US-CA-*-Rate 1", "rate": 8.25},
        {"tax_calculation_rate_id": 2, "tax_country_id": "US", "tax_region_id": 43, "tax_postcode": "*",
         "code": "US-NY-*-Rate 1", "rate": 8.375},
    ])
    if op.get_bind().dialect.name == "postgresql":  # the seeded ids: new rows number after them
        op.execute("SELECT setval(pg_get_serial_sequence('tax_class', 'class_id'), 3)")
        op.execute("SELECT setval(pg_get_serial_sequence('tax_calculation_rate', 'tax_calculation_rate_id'), 2)")

    for table in _ZERO.keys() | _NULL.keys():
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in _ZERO.get(table, ()):
                batch_op.add_column(sa.Column(column, _MONEY, nullable=False, server_default='0'))
            for column in _NULL.get(table, ()):
                batch_op.add_column(sa.Column(column, _MONEY, nullable=True))
        # the declared columns take their default in Python, like every other amount of these tables
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in _ZERO.get(table, ()):
                batch_op.alter_column(column, server_default=None)


def downgrade() -> None:
    for table in _ZERO.keys() | _NULL.keys():
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in (*_ZERO.get(table, ()), *_NULL.get(table, ())):
                batch_op.drop_column(column)
    op.drop_table('sales_order_tax_item_details')
    for name, column in (('tax_calculation_rule_rate', 'tax_calculation_rate_id'),
                         ('tax_calculation_rule_product_class', 'product_tax_class_id'),
                         ('tax_calculation_rule_customer_class', 'customer_tax_class_id')):
        op.drop_index(f'ix_{name}_{column}', table_name=name)
        op.drop_table(name)
    op.drop_table('tax_calculation_rule')
    op.drop_table('tax_calculation_rate_title')
    op.drop_index('ix_tax_calculation_rate_country_region_postcode', table_name='tax_calculation_rate')
    op.drop_table('tax_calculation_rate')
    op.drop_table('tax_class')
