"""Mail templates: declared by each package in ``etc/email_templates.xml``, compiled once per process.

::

    <config>
        <template id="customer_password_reset_email_template" label="Reset Password"
                  subject="Reset your {{ store_name }} password" file="password_reset.html" text="password_reset.txt"/>
    </config>

``file`` (and ``text``) name files in the package's ``email/`` folder. A ``.html`` file is the HTML
part, rendered with autoescape on; any other is the plain-text part; ``text`` adds a plain-text part
to an HTML mail (the message is then ``multipart/alternative``). The subject is a template too (no
escaping). Jinja2 runs sandboxed: a template reads the variables it is given, never Python internals.
A template id declared again by a later package (a vendor module after the platform) replaces it.
A broken declaration or template stops start-up, naming the file.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from ...framework.packages import DeclarationError, Package, load_packages, on_load, parse_xml

_HTML = SandboxedEnvironment(autoescape=True, keep_trailing_newline=True, undefined=jinja2.Undefined)
_TEXT = SandboxedEnvironment(autoescape=False, keep_trailing_newline=True, undefined=jinja2.Undefined)


@dataclass(frozen=True)
class MailTemplate:
    id: str
    label: str
    subject: jinja2.Template
    text: jinja2.Template | None
    html: jinja2.Template | None
    source: str

    def render(self, variables: dict[str, Any]) -> tuple[str, str | None, str | None]:
        """(subject on one line, text part, HTML part)."""
        subject = " ".join(self.subject.render(variables).split())
        return (subject, self.text.render(variables) if self.text else None,
                self.html.render(variables) if self.html else None)


def _compile(env: SandboxedEnvironment, source: str, where: str) -> jinja2.Template:
    try:
        return env.from_string(source)
    except jinja2.TemplateSyntaxError as e:
        raise DeclarationError(f"{where}: line {e.lineno}: {e.message}") from None


def _read_file(package: Package, name: str, where: str) -> tuple[str, str]:
    path = package.path / "email" / name
    if "/" in name or "\\" in name or not path.is_file():
        raise DeclarationError(f"{where}: no file email/{name} in {package.name}")
    return path.read_text(encoding="utf-8"), str(path)


def read_templates(packages: list[Package]) -> dict[str, MailTemplate]:
    found: dict[str, MailTemplate] = {}
    for package in packages:
        path = package.etc("email_templates.xml")
        if path is None:
            continue
        for el in parse_xml(path).findall("template"):
            tid, file = el.get("id"), el.get("file")
            if not tid or not file or el.get("subject") is None:
                raise DeclarationError(f"{path}: <template> needs id, subject and file")
            where = f"{path}: template {tid}"
            source, file_path = _read_file(package, file, where)
            html = text = None
            if file.endswith(".html"):
                html = _compile(_HTML, source, file_path)
                if el.get("text"):
                    text_source, text_path = _read_file(package, el.get("text", ""), where)
                    text = _compile(_TEXT, text_source, text_path)
            elif el.get("text"):
                raise DeclarationError(f"{where}: text= is for an HTML file's plain-text part")
            else:
                text = _compile(_TEXT, source, file_path)
            found[tid] = MailTemplate(tid, el.get("label", tid), _compile(_TEXT, el.get("subject", ""), where),
                                      text, html, str(path))
    return found


_compiled: dict[str, MailTemplate] | None = None


@on_load
def compile_templates(packages: list[Package]) -> None:
    """At start-up (when the packages are loaded): every package's templates, compiled."""
    global _compiled
    _compiled = read_templates(packages)


def templates() -> dict[str, MailTemplate]:
    """The compiled templates of every package (compiled once per process, at start-up)."""
    if _compiled is None:
        load_packages()
    assert _compiled is not None
    return _compiled
