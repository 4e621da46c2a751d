"""What the page uses of pyodide.ffi (stubs/README.md)."""

from collections.abc import Callable
from typing import Any, Literal, TypeVar

_C = TypeVar("_C", bound=Callable[..., object])

class JsProxy:
    """A JavaScript object seen from Python."""

class JsNull:
    """The type of `jsnull`: what JavaScript's `null` arrives as (falsy, not None)."""

    def __bool__(self) -> Literal[False]: ...

jsnull: JsNull

class JsDoubleProxy(JsProxy):
    """A Python object (here: a function) handed to JavaScript, alive until destroyed."""

    def destroy(self) -> None: ...

def create_proxy(obj: Callable[..., object], /) -> JsDoubleProxy: ...

# Any: to_js converts whatever Python value it is given (a dict here, by `dict_converter`)
def to_js(obj: Any, /, *, dict_converter: Callable[..., object] | None = None) -> JsProxy: ...
