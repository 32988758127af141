// SPDX-License-Identifier: MIT
#pragma once

namespace marrow::ui::graph {

// The graph view's vertical mapping between a curve value and pixels: the
// plot is height() pixels tall, y = 0 at its top shows top(), y = height()
// shows bottom() (values grow upwards). Pure: no Qt.
//
// Invariants: height() >= 1; top() - bottom() lies in [kMinSpan, kMaxSpan],
// so value <-> pixel is always invertible.
class ValueAxis {
public:
    static constexpr double kMinSpan = 1.0e-6;
    static constexpr double kMaxSpan = 1.0e9;

    ValueAxis() = default;
    ValueAxis(double heightPx, double bottom, double top);

    double height() const { return m_height; }
    double bottom() const { return m_bottom; }
    double top() const { return m_top; }
    double pixelsPerUnit() const { return m_height / (m_top - m_bottom); }

    // Resizing keeps the range (the curves stretch with the plot). Values < 1 or non-finite -> 1.
    void setHeight(double heightPx);
    // Shows [bottom, top]; ignored unless both are finite and top > bottom.
    // A span outside the limits is widened or narrowed about its centre.
    void setRange(double bottom, double top);
    // Shows [lo, hi] with `margin` (a fraction of the span) above and below;
    // a flat range (lo == hi) gets a span of one unit, or of |lo| when larger.
    void fit(double lo, double hi, double margin = 0.1);

    double valueToPixel(double value) const { return (m_top - value) * pixelsPerUnit(); }
    double pixelToValue(double y) const { return m_top - y / pixelsPerUnit(); }

    // Multiplies the scale by `factor` (> 1 zooms in) keeping the value under
    // `anchorY` where it was; non-finite or <= 0 factors are ignored.
    void zoomAbout(double anchorY, double factor);
    // The content follows a hand that moved by `dy` pixels (down shows higher values).
    void panByPixels(double dy);

    // The grid step: the smallest 1, 2 or 5 x 10^n whose lines lie at least
    // `minSpacingPx` apart.
    double tickStep(double minSpacingPx = 40.0) const;

private:
    double m_height = 200.0;
    double m_bottom = -1.0;
    double m_top = 1.0;
};

} // namespace marrow::ui::graph
