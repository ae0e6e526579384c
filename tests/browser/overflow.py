"""What the browser tests of sideways scrolling share: the page's boxes cut off sideways
(scrolled or clipped), as a JavaScript expression for `page.evaluate` to build on. Boxes of
a pixel or so are the visually-hidden text for screen readers, not cut-off content."""

CUT_OFF_BOXES = """[...document.querySelectorAll("body *")]
  .filter((el) => {
    const style = getComputedStyle(el);
    return ["auto", "scroll", "hidden", "clip"].includes(style.overflowX)
      && el.clientWidth > 2 && el.scrollWidth > el.clientWidth + 1
      && el.getClientRects().length;
  })"""
