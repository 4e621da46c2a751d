"""The page's JavaScript globals as ui/page/ uses them: Pyodide's `js` module, typed for mypy
(stubs/README.md). Only what the page uses is here; a lookup that may find nothing returns
`... | JsNull` (JavaScript's null, falsy), narrowed by its truth as the page tests it.

The classes below that JavaScript has too (Element, Event, ...) are named as it names them;
the others (TabLock, JsFunction, ...) exist only here, for mypy: import any of them under
`if TYPE_CHECKING:`, never at run time."""

from collections.abc import Awaitable, Generator, Iterator, Sequence
from typing import Any

from pyodide.ffi import JsDoubleProxy, JsNull, JsProxy

# --- elements ----------------------------------------------------------------------------

class DOMStringMap:
    """`element.dataset`: its `data-*` attributes by camel-cased name (None when absent)."""

    def __getattr__(self, name: str) -> str | None: ...
    def __setattr__(self, name: str, value: str) -> None: ...

class DOMTokenList:
    def add(self, *tokens: str) -> None: ...
    def remove(self, *tokens: str) -> None: ...
    def toggle(self, token: str, force: bool = ..., /) -> bool: ...
    def contains(self, token: str, /) -> bool: ...

class CSSStyleDeclaration:
    left: str
    top: str
    display: str
    position: str
    cssText: str
    def setProperty(self, name: str, value: str, /) -> None: ...

class DOMRect:
    top: float
    bottom: float

class NodeList:
    def __iter__(self) -> Iterator[Element]: ...

class Element:
    """Any element the page touches: one type for all of them (<dialog>'s `open`, an
    <input>'s `value` and `checked` included), not the DOM's hierarchy."""

    id: str
    className: str
    innerHTML: str
    textContent: str
    tagName: str
    lang: str
    hidden: bool
    disabled: bool
    open: bool
    value: str
    checked: bool
    type: str
    scrollLeft: float
    isConnected: bool
    dataset: DOMStringMap
    classList: DOMTokenList
    style: CSSStyleDeclaration
    firstElementChild: Element | JsNull
    scrollHeight: int
    scrollTop: float
    clientHeight: int
    def getAttribute(self, name: str, /) -> str | JsNull: ...
    def setAttribute(self, name: str, value: str, /) -> None: ...
    def removeAttribute(self, name: str, /) -> None: ...
    def hasAttribute(self, name: str, /) -> bool: ...
    def toggleAttribute(self, name: str, force: bool, /) -> bool: ...
    def querySelector(self, selectors: str, /) -> Element | JsNull: ...
    def querySelectorAll(self, selectors: str, /) -> NodeList: ...
    def closest(self, selectors: str, /) -> Element | JsNull: ...
    def getBoundingClientRect(self) -> DOMRect: ...
    def contains(self, other: Element | JsNull, /) -> bool: ...
    def appendChild(self, child: Element, /) -> Element: ...
    def prepend(self, *nodes: Element) -> None: ...
    def remove(self) -> None: ...
    def focus(self) -> None: ...
    def click(self) -> None: ...
    def select(self) -> None: ...
    def scrollIntoView(self, options: JsProxy = ..., /) -> None: ...
    def showModal(self) -> None: ...
    def close(self) -> None: ...
    def addEventListener(self, type: str, listener: JsDoubleProxy, capture: bool = ...,
                         /) -> None: ...

class Event:
    """A DOM event, with the fields of the pointer and keyboard events the page handles."""

    target: Element
    currentTarget: Element
    key: str
    ctrlKey: bool
    altKey: bool
    metaKey: bool
    button: int
    pointerId: int
    isPrimary: bool
    clientX: float
    clientY: float
    def preventDefault(self) -> None: ...

class Document:
    documentElement: Element
    body: Element
    activeElement: Element | JsNull
    def getElementById(self, id: str, /) -> Element | JsNull: ...
    def createElement(self, tag: str, /) -> Element: ...
    def elementFromPoint(self, x: float, y: float, /) -> Element | JsNull: ...
    def addEventListener(self, type: str, listener: JsDoubleProxy, capture: bool = ...,
                         /) -> None: ...

# --- the window and its objects ----------------------------------------------------------

class JsPromise(Awaitable[Any]):
    # Any: what the promise resolves to, converted (each caller knows what it awaits)
    def __await__(self) -> Generator[Any, None, Any]: ...
    def then(self, on_fulfilled: JsDoubleProxy, /) -> JsPromise: ...

class Storage:
    def getItem(self, key: str, /) -> str | JsNull: ...
    def setItem(self, key: str, value: str, /) -> None: ...
    def removeItem(self, key: str, /) -> None: ...

class Window:
    localStorage: Storage  # reading it throws where the browser refuses storage
    def addEventListener(self, type: str, listener: JsDoubleProxy, capture: bool = ...,
                         /) -> None: ...
    def scrollBy(self, x: float, y: float, /) -> None: ...

class Location:
    hash: str
    search: str
    pathname: str
    href: str

class History:
    def replaceState(self, state: None, unused: str, url: str, /) -> None: ...

class Clipboard:
    def writeText(self, text: str, /) -> JsPromise: ...

class Navigator:
    languages: Sequence[str]
    clipboard: Clipboard

class Performance:
    def now(self) -> float: ...

class Console:
    def error(self, *data: object) -> None: ...

class MediaQueryList:
    matches: bool

class URLSearchParams:
    @staticmethod
    def new(init: str, /) -> URLSearchParams: ...
    def get(self, name: str, /) -> str | JsNull: ...

class JsFunction:
    # Any: whatever the JavaScript function returns, converted (its caller names the type)
    def __call__(self, *args: object) -> Any: ...

class Function:
    @staticmethod
    def new(*args: str) -> JsFunction: ...

class _Math:
    def random(self) -> float: ...

class _Object:
    def fromEntries(self, entries: object, /) -> JsProxy: ...

# --- Web Audio (ui/page/sound.py) ----------------------------------------------------------

class AudioNode:
    def connect(self, destination: AudioNode, /) -> AudioNode: ...

class AudioParam:
    value: float
    def setValueAtTime(self, value: float, time: float, /) -> AudioParam: ...
    def exponentialRampToValueAtTime(self, value: float, time: float, /) -> AudioParam: ...

class OscillatorNode(AudioNode):
    type: str
    frequency: AudioParam
    def start(self, when: float, /) -> None: ...
    def stop(self, when: float, /) -> None: ...

class GainNode(AudioNode):
    gain: AudioParam

class AudioContext:
    state: str  # "suspended" | "running" | "closed"
    currentTime: float
    destination: AudioNode
    @staticmethod
    def new() -> AudioContext: ...
    def resume(self) -> JsPromise: ...
    def createOscillator(self) -> OscillatorNode: ...
    def createGain(self) -> GainNode: ...

# --- tabs.js: which tab holds the game (ui/page/tabs.py) ---------------------------------

class TabLock:
    kind: str  # "web-locks" | "broadcast-channel" | "none"
    onLost: JsDoubleProxy  # called once another tab takes the game (write-only)
    def claim(self) -> JsPromise: ...  # resolves to whether this tab holds the game
    def takeOver(self) -> JsPromise: ...  # resolves to whether this tab holds the game then
    def released(self, save: str | None, /) -> None: ...  # with the save this tab leaves
    def holding(self) -> bool: ...  # whether this tab holds the Web Lock (or the game) now
    def handed(self) -> str | None: ...  # the save handed over in this tab's take-over, once

# --- the globals ---------------------------------------------------------------------------

document: Document
window: Window
location: Location
history: History
navigator: Navigator
performance: Performance
console: Console
Math: _Math
Object: _Object
chaodipiTab: TabLock

def matchMedia(query: str, /) -> MediaQueryList: ...
def getComputedStyle(element: Element, /) -> CSSStyleDeclaration: ...
