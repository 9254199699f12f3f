"""Newsletter subscribers, kept in step with the customer's is_subscribed."""
