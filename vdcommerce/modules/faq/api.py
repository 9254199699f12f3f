"""The FAQ data objects (the module's Api/Data interfaces), fields in wire order."""
from ...framework.data import DataObject, OrNull, Out
from ...framework.search import SearchResults


class TagInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\TagInterface"):
    tag_id: OrNull[int]
    title: OrNull[str]


class QuestionInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\QuestionInterface"):
    # content
    question_id: OrNull[int]
    title: OrNull[str]
    short_answer: OrNull[str]
    answer: OrNull[str]
    relative_url: Out[OrNull[str]]
    visibility: OrNull[int]
    status: OrNull[int]
    name: str | None
    email: OrNull[str]
    position: OrNull[int]
    url_key: str | None
    # rating and SEO
    positive_rating: int | None
    negative_rating: int | None
    total_rating: int | None
    meta_title: str | None
    meta_description: str | None
    meta_robots: str | None
    created_at: OrNull[str]
    updated_at: Out[OrNull[str]]
    # relations and flags
    stores: OrNull[str]
    categories: OrNull[str]
    tags: OrNull[list[TagInterface]]
    visit_count: OrNull[int]
    exclude_sitemap: OrNull[bool]
    canonical_url: OrNull[str]
    noindex: Out[OrNull[bool]]
    nofollow: Out[OrNull[bool]]
    show_full_answer: OrNull[bool]
    product_ids: OrNull[str]
    asked_from_store: int | None
    customer_groups: OrNull[str]


class CategoryInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\CategoryInterface"):
    category_id: OrNull[int]
    title: OrNull[str]
    relative_url: Out[OrNull[str]]
    position: int | None
    url_key: OrNull[str]
    status: OrNull[int]
    meta_title: OrNull[str]
    meta_description: OrNull[str]
    visit_count: OrNull[int]
    exclude_sitemap: OrNull[bool]
    canonical_url: OrNull[str]
    description: OrNull[str]
    icon: OrNull[str]
    stores: OrNull[str]
    questions: OrNull[str]
    customer_groups: OrNull[str]
    created_at: Out[OrNull[str]]
    updated_at: Out[OrNull[str]]
    noindex: Out[OrNull[bool]]
    nofollow: Out[OrNull[bool]]


class QuestionSearchResultsInterface(SearchResults[QuestionInterface],
                                     interface="Vendor\\Faq\\Api\\Data\\QuestionSearchResultsInterface"):
    pass


class CategorySearchResultsInterface(SearchResults[CategoryInterface],
                                     interface="Vendor\\Faq\\Api\\Data\\CategorySearchResultsInterface"):
    pass


class TagSearchResultsInterface(SearchResults[TagInterface],
                                interface="Vendor\\Faq\\Api\\Data\\TagSearchResultsInterface"):
    pass
