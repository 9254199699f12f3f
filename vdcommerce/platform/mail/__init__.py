"""Mail: messages written in the request's transaction, delivered over SMTP by the queue consumer."""
