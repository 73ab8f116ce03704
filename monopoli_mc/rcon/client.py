"""The RCON client: one connection, one request at a time behind a lock, usable from any thread."""

from __future__ import annotations

import logging
import threading
import time
from types import TracebackType

from monopoli_mc.errors import (
    RconAuthError,
    RconConnectionError,
    RconError,
    RconRequestTooLong,
    RconTimeout,
)
from monopoli_mc.rcon.packets import SERVERDATA_RESPONSE_VALUE
from monopoli_mc.rcon.password import Password
from monopoli_mc.rcon.session import (
    Event,
    LoginAccepted,
    LoginRefused,
    NeedData,
    NotLoggedIn,
    Reply,
    RconSession,
    SendProbe,
    check_command,
)
from monopoli_mc.rcon.transport import Transport

log = logging.getLogger("monopoli_mc.rcon")


class RconClient:
    """A client for vanilla Minecraft RCON.

    Every call holds one lock, so any number of threads may share a client; requests
    never overlap on the wire. Timeouts are socket timeouts (no signals). After any
    failure during a request the connection is closed, because its state is unknown:
    call `reconnect()` and decide yourself whether the request should be sent again.
    """

    def __init__(self, host: str, port: int, password: Password | str, *,
                 timeout: float = 5.0, probe_type: int = SERVERDATA_RESPONSE_VALUE) -> None:
        self.host = host
        self.port = port
        self.timeout = timeout
        self._password = password if isinstance(password, Password) else Password(password)
        self._probe_type = probe_type
        self._lock = threading.Lock()
        self._transport: Transport | None = None
        self._session: RconSession | None = None
        self._next_id = 1

    @property
    def where(self) -> str:
        """host:port, for messages."""
        return f"{self.host}:{self.port}"

    def __repr__(self) -> str:
        state = "connected" if self.is_connected else "closed"
        return f"RconClient({self.host!r}, {self.port}, {state})"

    @property
    def is_connected(self) -> bool:
        """Whether a logged-in connection is open."""
        return self._transport is not None and self._transport.is_open

    def __enter__(self) -> RconClient:
        self.connect()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def connect(self) -> None:
        """Open the connection and log in (closing any previous one).

        Raises RconAuthError on a wrong password, RconConnectionError or RconTimeout.
        """
        with self._lock:
            self._connect_locked()

    def close(self) -> None:
        """Close the connection; safe to call twice."""
        with self._lock:
            self._drop()

    def reconnect(self, *, attempts: int = 5, delay: float = 0.1, max_delay: float = 5.0) -> None:
        """Connect and log in again, waiting delay, 2×delay, … (at most max_delay) between tries.

        A wrong password is not retried. Raises the last error when every attempt failed.
        Nothing is resent: the caller decides whether the interrupted request is repeated.
        """
        with self._lock:
            wait = delay
            for attempt in range(1, attempts + 1):
                try:
                    self._connect_locked()
                    return
                except RconAuthError:
                    raise
                except (RconConnectionError, RconTimeout) as exc:
                    if attempt == attempts:
                        raise
                    log.warning("rcon reconnect to %s failed (%s), try %d of %d in %.2fs",
                                self.where, exc, attempt, attempts, wait)
                time.sleep(wait)
                wait = min(wait * 2, max_delay)

    def command(self, command: str) -> str:
        """Run one command and return its whole reply (messages joined without newlines).

        Raises RconRequestTooLong before sending anything if vanilla would drop the
        request; RconTimeout, RconConnectionError or RconProtocolError (the connection is
        then closed); RconAuthError if the server says the connection is not logged in.
        """
        check_command(command)
        with self._lock:
            transport, session = self._require_connection()
            deadline = time.monotonic() + self.timeout
            try:
                transport.send(session.start_command(command), deadline=deadline)
                event = self._await(transport, session, deadline)
            except RconRequestTooLong:
                raise
            except RconError:
                self._drop()
                raise
            if isinstance(event, NotLoggedIn):
                self._drop()
                raise RconAuthError(f"rcon at {self.where} says this connection is not logged in")
            if not isinstance(event, Reply):
                self._drop()
                raise RconConnectionError(f"unexpected rcon event from {self.where}: {event}")
            return event.text

    def _require_connection(self) -> tuple[Transport, RconSession]:
        if self._transport is None or self._session is None or not self._transport.is_open:
            raise RconConnectionError(f"not connected to rcon at {self.where}; call reconnect()")
        return self._transport, self._session

    def _connect_locked(self) -> None:
        self._drop()
        deadline = time.monotonic() + self.timeout
        transport = Transport.open(self.host, self.port, timeout=self.timeout)
        session = RconSession(first_id=self._next_id, probe_type=self._probe_type)
        try:
            transport.send(session.start_login(self._password.reveal()), deadline=deadline)
            event = self._await(transport, session, deadline)
        except BaseException:
            transport.close()
            raise
        if isinstance(event, LoginRefused):
            transport.close()
            raise RconAuthError(f"rcon at {self.where} refused the password (wrong password)")
        if not isinstance(event, LoginAccepted):
            transport.close()
            raise RconConnectionError(f"unexpected rcon login answer from {self.where}: {event}")
        self._transport, self._session = transport, session
        log.info("rcon logged in to %s", self.where)

    def _await(self, transport: Transport, session: RconSession, deadline: float) -> Event:
        while True:
            event = session.next_event()
            if isinstance(event, NeedData):
                session.receive_data(transport.recv(deadline=deadline))
            elif isinstance(event, SendProbe):
                transport.send(event.data, deadline=deadline)
            else:
                return event

    def _drop(self) -> None:
        if self._session is not None:
            # Ids keep growing across connections, so logs never show one id twice.
            self._next_id = self._session.next_id
        if self._transport is not None:
            self._transport.close()
        self._transport = None
        self._session = None
