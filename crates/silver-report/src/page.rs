//! The report's structure (sections of figures and tables) and its three renderings: one
//! XHTML page, CSV, and JSON.

/// A table: an id, a title, columns and rows of text.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Its id in the page (and its name in the CSV/JSON output).
    pub id: String,
    /// What it shows.
    pub title: String,
    /// Column names.
    pub columns: Vec<String>,
    /// Rows, as written.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// An empty table.
    pub fn new(id: &str, title: &str, columns: &[&str]) -> Table {
        Table {
            id: id.to_string(),
            title: title.to_string(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
        }
    }
}

/// A part of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A plot: its id, caption and `<svg>` element.
    Figure {
        /// Its id in the page.
        id: String,
        /// What it shows.
        caption: String,
        /// The SVG element.
        svg: String,
    },
    /// A table.
    Table(Table),
}

/// A section of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// Its id.
    pub id: String,
    /// Its heading.
    pub title: String,
    /// Figures and tables, in order.
    pub blocks: Vec<Block>,
}

impl Section {
    /// An empty section.
    pub fn new(id: &str, title: &str) -> Section {
        Section {
            id: id.to_string(),
            title: title.to_string(),
            blocks: Vec::new(),
        }
    }

    /// Adds a figure.
    pub(crate) fn figure(&mut self, id: &str, caption: &str, svg: String) {
        self.blocks.push(Block::Figure {
            id: id.to_string(),
            caption: caption.to_string(),
            svg,
        });
    }
}

/// A whole report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The page's title.
    pub title: String,
    /// Its sections.
    pub sections: Vec<Section>,
}

/// Text escaped for XML.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em auto;max-width:1000px;color:#222}\
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}\
figure{margin:1.5em 0}figcaption{font-size:.9em;color:#444;max-width:760px}\
table{border-collapse:collapse;font-size:.85em;margin:1em 0}\
th,td{border:1px solid #ddd;padding:2px 6px;text-align:right}th{background:#f4f4f4}\
td:first-child,th:first-child{text-align:left}.wide{overflow-x:auto;max-width:100%}\
caption{text-align:left;font-weight:bold;padding:4px 0}";

impl Report {
    /// An empty report.
    pub fn new(title: String) -> Report {
        Report {
            title,
            sections: Vec::new(),
        }
    }

    /// Every table, in page order.
    pub fn tables(&self) -> Vec<&Table> {
        self.sections
            .iter()
            .flat_map(|s| &s.blocks)
            .filter_map(|b| match b {
                Block::Table(t) => Some(t),
                Block::Figure { .. } => None,
            })
            .collect()
    }

    /// The ids of every figure, in page order.
    pub fn figure_ids(&self) -> Vec<&str> {
        self.sections
            .iter()
            .flat_map(|s| &s.blocks)
            .filter_map(|b| match b {
                Block::Figure { id, .. } => Some(id.as_str()),
                Block::Table(_) => None,
            })
            .collect()
    }

    /// The self-contained XHTML page: inline SVG, no script, no external resource.
    pub fn html(&self) -> String {
        let mut out = String::new();
        out.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE html>\n");
        out.push_str("<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n");
        out.push_str("<meta charset=\"utf-8\"/>\n");
        out.push_str(&format!("<title>{}</title>\n", esc(&self.title)));
        out.push_str(&format!("<style>{STYLE}</style>\n</head>\n<body>\n"));
        out.push_str(&format!("<h1>{}</h1>\n<nav><ul>\n", esc(&self.title)));
        for s in &self.sections {
            out.push_str(&format!(
                "<li><a href=\"#{}\">{}</a></li>\n",
                esc(&s.id),
                esc(&s.title)
            ));
        }
        out.push_str("</ul></nav>\n");
        for s in &self.sections {
            out.push_str(&format!(
                "<section id=\"{}\">\n<h2>{}</h2>\n",
                esc(&s.id),
                esc(&s.title)
            ));
            for b in &s.blocks {
                match b {
                    Block::Figure { id, caption, svg } => {
                        out.push_str(&format!(
                            "<figure id=\"{}\" title=\"{}\">\n{svg}\n<figcaption>{}</figcaption>\n</figure>\n",
                            esc(id),
                            esc(caption),
                            esc(caption)
                        ));
                    }
                    Block::Table(t) => out.push_str(&table_html(t)),
                }
            }
            out.push_str("</section>\n");
        }
        out.push_str("</body>\n</html>\n");
        out
    }

    /// Every table as CSV, each preceded by a `# id: title` line and followed by a blank line.
    pub fn csv(&self) -> String {
        let mut out = String::new();
        for t in self.tables() {
            out.push_str(&format!("# {}: {}\n", t.id, t.title));
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(&t.columns).expect("in-memory write");
            for r in &t.rows {
                w.write_record(r).expect("in-memory write");
            }
            out.push_str(
                &String::from_utf8(w.into_inner().expect("in-memory write")).expect("utf-8"),
            );
            out.push('\n');
        }
        out
    }

    /// Every table as JSON: `{"title": ..., "tables": {id: {"title", "columns", "rows"}}}`.
    pub fn json(&self) -> serde_json::Value {
        let tables: serde_json::Map<String, serde_json::Value> = self
            .tables()
            .into_iter()
            .map(|t| {
                (
                    t.id.clone(),
                    serde_json::json!({"title": t.title, "columns": t.columns, "rows": t.rows}),
                )
            })
            .collect();
        serde_json::json!({"title": self.title, "tables": tables})
    }
}

fn table_html(t: &Table) -> String {
    let mut out = format!(
        "<div class=\"wide\"><table id=\"{}\">\n<caption>{}</caption>\n<thead><tr>",
        esc(&t.id),
        esc(&t.title)
    );
    for c in &t.columns {
        out.push_str(&format!("<th>{}</th>", esc(c)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in &t.rows {
        out.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            let col = t.columns.get(i).map(String::as_str).unwrap_or("");
            out.push_str(&format!("<td data-col=\"{}\">{}</td>", esc(col), esc(c)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
    out
}
