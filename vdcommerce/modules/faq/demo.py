"""Demo FAQ: a few categories, tags and questions (answered and published, or waiting for an answer)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import CategoryInterface, QuestionInterface
from .service import CategoryRepository, QuestionRepository
from .tables import category

CATEGORIES = [
    {"title": "Shipping", "url_key": "shipping", "position": 1,
     "description": "<p>Delivery times, carriers and costs.</p>"},
    {"title": "Returns", "url_key": "returns", "position": 2,
     "description": "<p>How to send an order back and get your money.</p>"},
    {"title": "Payment", "url_key": "payment", "position": 3,
     "description": "<p>Cards, invoices and gift cards.</p>"},
]

# (category index, question)
QUESTIONS = [
    (0, {"title": "How long does delivery take?", "url_key": "how-long-does-delivery-take", "position": 1,
         "short_answer": "2 to 4 working days.",
         "answer": '<p>Orders placed before 2 pm ship the same day and arrive in 2 to 4 working days. '
                   'See our <a href="{{store url="shipping-policy"}}">shipping policy</a>.</p>',
         "tags": [{"title": "delivery"}, {"title": "shipping"}], "positive_rating": 12, "negative_rating": 1}),
    (0, {"title": "Do you ship to the islands?", "url_key": "do-you-ship-to-the-islands", "position": 2,
         "short_answer": "Yes, with a surcharge.",
         "answer": "<p>Yes. Deliveries to the islands take two extra days and cost 4.95 more.</p>",
         "tags": [{"title": "shipping"}], "positive_rating": 5}),
    (1, {"title": "How do I return an item?", "url_key": "how-do-i-return-an-item", "position": 1,
         "short_answer": "From your account, within 30 days.",
         "answer": "<p>Open <em>My orders</em>, choose the order and press <strong>Return</strong>. "
                   "Print the label and drop the parcel at any post office.</p>",
         "tags": [{"title": "returns"}], "positive_rating": 20, "negative_rating": 2}),
    (1, {"title": "When do I get my refund?", "short_answer": "Within 5 days of our receiving the parcel.",
         "answer": "<p>We refund to the original payment method within 5 working days.</p>",
         "show_full_answer": True, "tags": [{"title": "returns"}, {"title": "refunds"}]}),
    (2, {"title": "Can I pay by invoice?", "url_key": "can-i-pay-by-invoice", "position": 1,
         "short_answer": "Yes, for registered customers.",
         "answer": "<p>Registered customers can choose <em>Invoice</em> at checkout and pay within 14 days.</p>",
         "tags": [{"title": "payment"}], "visibility": 2}),
    (None, {"title": "Is this jacket waterproof?", "name": "Ana", "email": "ana@example.com",
            "product_ids": "1542", "asked_from_store": 1}),
    (None, {"title": "Does the backpack fit a 17-inch laptop?", "name": "Jonas", "email": "jonas@example.com",
            "product_ids": "877", "asked_from_store": 1}),
]


def load(conn: Connection) -> None:
    """Create the demo FAQ through the repositories (nothing when the FAQ already has categories)."""
    if conn.execute(select(category.c.category_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    categories = CategoryRepository(ctx)
    questions = QuestionRepository(ctx)
    ids = [categories.save(CategoryInterface.model_validate(
        {**c, "status": 1, "stores": "0", "customer_groups": "0,1,2,3"})).category_id for c in CATEGORIES]
    for index, q in QUESTIONS:
        fields = {"stores": "1", "customer_groups": "0,1,2,3", **q}
        if index is not None:
            fields["categories"] = str(ids[index])
        questions.save(QuestionInterface.model_validate(fields))
