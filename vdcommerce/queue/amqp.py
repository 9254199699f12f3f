"""The AMQP queue: a RabbitMQ broker reached with pika (``VDC_AMQP_URL``).

Topology, declared (idempotently) by consumers, and by a publisher per topic on first use: a durable
topic exchange ``<prefix>magento`` and one durable queue ``<prefix><topic>`` per async topic, bound by
the topic name, so that ``queue consume --topic`` can take some topics only; the consumer ``async.operations.all``
takes them all. ``VDC_AMQP_PREFIX`` keeps several installations apart on one broker.

Messages are persistent and published with confirms after the request commits. A consumer
acknowledges a message only after the transaction that finished its operation committed; a consumer
that dies leaves its unacknowledged messages to the broker, which delivers them again, and the
operation's row makes the second delivery a no-op if the first one had finished.
"""
from __future__ import annotations

import logging
import time
from typing import Callable

import pika
from pika.exceptions import AMQPError
from sqlalchemy import Connection

from . import Handler, Message, Retry

log = logging.getLogger("vdcommerce.queue")
logging.getLogger("pika").setLevel(logging.WARNING)  # it logs every step of every connection at INFO

#: seconds; pika gives up on a broker that sent nothing for a little more than this
PUBLISHER_HEARTBEAT = 30

_PERSISTENT = pika.BasicProperties(content_type="application/json", delivery_mode=pika.DeliveryMode.Persistent)


class AmqpBackend:
    transactional = False

    def __init__(self, settings, topics: list[str]):
        self.url = settings.amqp_url
        self.prefix = settings.amqp_prefix
        self.exchange = f"{self.prefix}magento"
        self.topics = topics
        self.prefetch = max(1, settings.queue_batch)
        self._declared: set[str] = set()  # topics whose queue the publisher declared
        self._connection: pika.BlockingConnection | None = None
        self._channel = None

    def queue_of(self, topic: str) -> str:
        return f"{self.prefix}{topic}"

    def _connect(self, heartbeat: int | None = None, topics: list[str] | None = None):
        """A connection and channel, with the exchange and the queues of ``topics`` (default: all)
        declared (idempotent)."""
        params = pika.URLParameters(self.url)
        if heartbeat is not None:
            params.heartbeat = heartbeat
        connection = pika.BlockingConnection(params)
        channel = connection.channel()
        channel.exchange_declare(self.exchange, exchange_type="topic", durable=True)
        for topic in self.topics if topics is None else topics:
            self._declare(channel, topic)
        return connection, channel

    def _declare(self, channel, topic: str) -> None:
        channel.queue_declare(self.queue_of(topic), durable=True)
        channel.queue_bind(self.queue_of(topic), self.exchange, routing_key=topic)

    # ------------------------------------------------------------------ publishing

    def prepare(self) -> None:
        """The publisher's connection, opened at a web worker's start."""
        self._open_publisher()

    def _open_publisher(self) -> None:
        self.close()
        # a publisher is idle between requests, so the broker may drop its link (that shows on use,
        # and the publish is tried again); the heartbeat ends a publish that waits on a broker gone
        # silent (webapi/bulk.py answers the request before that). Its queues are declared per topic
        # on first use (all of them at once are some hundred round trips: seconds on a busy broker).
        self._connection, self._channel = self._connect(heartbeat=PUBLISHER_HEARTBEAT, topics=[])
        self._channel.tx_select()

    def publish(self, conn: Connection | None, topic: str, bodies: list[bytes]) -> None:
        """Publish a request's messages in one AMQP transaction: the broker has them all (persistent,
        in durable queues) once ``tx_commit`` returns, or none. A broken connection (an idle publisher
        may lose its own) is opened again once. The topic's queue is declared on its first publish
        in this process."""
        for attempt in (1, 2):
            try:
                if self._channel is None or not self._channel.is_open:
                    self._open_publisher()
                if topic not in self._declared:
                    self._declare(self._channel, topic)
                    self._declared.add(topic)
                for body in bodies:
                    self._channel.basic_publish(self.exchange, topic, body, _PERSISTENT)
                self._channel.tx_commit()
                return
            except AMQPError:
                self.close()
                if attempt == 2:
                    raise

    def close(self) -> None:
        connection, self._connection, self._channel = self._connection, None, None
        if connection is not None and connection.is_open:
            try:
                connection.close()
            except AMQPError:
                pass

    # ------------------------------------------------------------------ consuming

    def consume(self, topics: list[str], handle: Handler, max_messages: int | None,
                stopping: Callable[[], bool]) -> int:
        done = 0
        while not stopping() and (max_messages is None or done < max_messages):
            try:
                connection, channel = self._connect()
            except AMQPError as e:
                log.error("queue: cannot reach the AMQP broker (%s); trying again", e)
                time.sleep(2.0)
                continue

            def on_message(ch, method, _properties, body):
                nonlocal done
                if max_messages is not None and done >= max_messages:
                    ch.basic_nack(method.delivery_tag, requeue=True)  # prefetched beyond the limit
                    return
                outcome = handle(Message(method.routing_key, body))
                if isinstance(outcome, Retry):
                    time.sleep(min(outcome.delay, 5.0))
                    ch.basic_nack(method.delivery_tag, requeue=True)
                else:
                    ch.basic_ack(method.delivery_tag)
                done += 1

            try:
                channel.basic_qos(prefetch_count=self.prefetch if max_messages is None
                                  else min(self.prefetch, max_messages))
                for topic in topics:
                    channel.basic_consume(self.queue_of(topic), on_message)
                while not stopping() and (max_messages is None or done < max_messages):
                    connection.process_data_events(time_limit=0.5)
            except AMQPError as e:
                log.error("queue: lost the AMQP broker (%s); reconnecting", e)
                time.sleep(1.0)
            finally:
                if connection.is_open:
                    try:
                        connection.close()
                    except AMQPError:
                        pass
        return done
