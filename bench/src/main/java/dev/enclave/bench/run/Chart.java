package dev.enclave.bench.run;

import dev.enclave.bench.load.Cell;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/** The report's chart: median throughput of every cell, scoped beside unscoped (and the floor). */
final class Chart {

    private Chart() {
    }

    static void write(Results results, Path png) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Results.CellResult cell : results.cells()) {
            data.addValue(cell.throughput().median(), label(cell.cell().path()), category(cell.cell()));
        }
        JFreeChart chart = ChartFactory.createBarChart(
                "Throughput, median of " + results.method().rounds() + " rounds (higher is better)",
                "workload / tenants", "requests per second", data, PlotOrientation.VERTICAL, true, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setSeriesPaint(0, new Color(0x1f77b4));
        renderer.setSeriesPaint(1, new Color(0xff7f0e));
        renderer.setSeriesPaint(2, new Color(0x7f7f7f));
        renderer.setSeriesPaint(3, new Color(0xbcbcbc));
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 1100, 520);
    }

    private static String category(Cell cell) {
        String workload = cell.workload().equals("organisation") ? "GET org" : cell.workload();
        return workload + " · " + String.format(java.util.Locale.ROOT, "%,d", cell.tenants());
    }

    private static String label(String path) {
        return switch (path) {
            case Cell.SCOPED -> "scoped (Enclave)";
            case Cell.UNSCOPED -> "unscoped baseline";
            case Cell.FLOOR -> "floor (GetItem, no JWT, no tenancy)";
            default -> "floor with Enclave's read (BatchGetItem of 2)";
        };
    }
}
