/// The report's two layouts, as Mustache templates: `{{value}}` is escaped for the format (HTML
/// entities; Markdown's punctuation), `{{{chart}}}` inserts the SVG charts, which are made from
/// numbers and dates only. The layout lives here, readable in one place; the values come from
/// `ClinicalReport`, and so do the words around them (`words`, in the reader's language: xgettext
/// cannot read a template, so no text a person reads is written here).
enum ReportTemplates {
    static let html = """
        <!DOCTYPE html>
        <html lang="{{language}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}{{#patient}} · {{.}}{{/patient}} · {{period}}</title>
        <style>
        :root { --ink: #1d2430; --muted: #5b6573; --line: #c9d1db; --band: #dcefe2; --accent: #2a6fb0; --alert: #b3261e; --warn: #9a6400; }
        * { box-sizing: border-box; }
        body { font: 11pt/1.45 -apple-system, "Segoe UI", "DejaVu Sans", Arial, "Noto Sans CJK SC", "Noto Sans CJK JP", "WenQuanYi Micro Hei", sans-serif; color: var(--ink); margin: 2rem auto; max-width: 46rem; padding: 0 1rem; }
        h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
        h2 { font-size: 1.1rem; margin: 1.6rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
        h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
        .meta, .muted { color: var(--muted); }
        table { border-collapse: collapse; width: 100%; margin: .3rem 0 .8rem; }
        th, td { text-align: left; padding: .25rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
        th { font-weight: 600; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .message { margin: .2rem 0; }
        .level-alert { color: var(--alert); font-weight: 600; }
        .level-warning { color: var(--warn); font-weight: 600; }
        svg.chart { display: block; max-width: 100%; height: auto; }
        svg .plot { fill: none; stroke: var(--line); }
        svg .normal { fill: var(--band); }
        svg .spread { stroke: var(--line); stroke-width: 3; }
        svg .line { fill: none; stroke: var(--accent); stroke-width: 1.5; }
        svg .point { fill: var(--accent); }
        svg .axis { font-size: 10px; fill: var(--muted); }
        .assessment { break-inside: avoid; page-break-inside: avoid; }
        footer { margin-top: 2rem; font-size: .85rem; color: var(--muted); border-top: 1px solid var(--line); padding-top: .5rem; }
        @page { margin: 14mm 12mm; }
        {{#paperSize}}@page { size: {{.}}; }{{/paperSize}}
        table.readings { font-size: .85em; }
        table.readings td, table.readings th { padding: .08rem .3rem; }
        @media print {
          body { margin: 0; max-width: none; padding: 0; font-size: 10pt; }
          h2 { break-after: avoid; page-break-after: avoid; }
          tr { break-inside: avoid; page-break-inside: avoid; }
          /* Two charts a row on paper: the summary (adherence, charts, messages) stays on the first pages. */
          .charts { display: grid; grid-template-columns: 1fr 1fr; column-gap: 6mm; }
          .assessment h3 { font-size: .9rem; margin-top: .4rem; }
          .assessment p { font-size: .8rem; margin: .1rem 0 .2rem; }
          table.readings { font-size: .78em; }
        }
        </style>
        </head>
        <body>
        <header>
        <h1>{{title}}</h1>
        <p class="meta">{{#patient}}{{words.patient}} <strong>{{.}}</strong>{{#patientDetails}} ({{.}}){{/patientDetails}} · {{/patient}}{{span}}</p>
        {{#preparedForLine}}<p class="meta">{{.}}</p>{{/preparedForLine}}
        </header>

        <h2>{{words.adherence}}</h2>
        <p>{{words.overThePeriod}} <strong>{{periodAdherence}}</strong></p>
        <table><thead><tr><th>{{words.week}}</th><th>{{words.doneOfDue}}</th></tr></thead><tbody>
        {{#weeks}}<tr><td>{{label}}</td><td class="num">{{adherence}}</td></tr>
        {{/weeks}}</tbody></table>

        <h2>{{words.readings}}</h2>
        <div class="charts">
        {{#assessments}}<section class="assessment">
        <h3>{{title}}{{#unit}} ({{.}}){{/unit}}</h3>
        <p class="muted">{{figures}}</p>
        {{{chart}}}
        </section>
        {{/assessments}}
        </div>

        {{#hasMessages}}<h2>{{words.messages}}</h2>
        {{#messages}}<p class="message"><span class="level-{{level}}">{{levelText}}</span> {{text}}</p>
        {{/messages}}{{/hasMessages}}

        {{#hasQuestionnaires}}<h2>{{words.questionnaires}}</h2>
        {{#questionnaires}}<section class="questionnaire">
        <h3>{{questionnaireTitle}}</h3>
        <p>{{scoreLine}}</p>{{#trendLine}}<p class="muted">{{.}}</p>{{/trendLine}}
        {{#answersHeading}}<p class="muted">{{.}}</p>
        <table class="readings"><tbody>{{#answerLines}}<tr><td>{{question}}</td><td>{{answer}}</td></tr>
        {{/answerLines}}</tbody></table>{{/answersHeading}}
        </section>
        {{/questionnaires}}{{/hasQuestionnaires}}

        {{#hasSleep}}<h2>{{words.sleep}}</h2>
        <ul>{{#sleep}}<li>{{.}}</li>{{/sleep}}</ul>{{/hasSleep}}

        {{#hasHealth}}<h2>{{words.healthData}}</h2>
        <ul>{{#health}}<li>{{.}}</li>{{/health}}</ul>{{/hasHealth}}

        <h2>{{words.planInPeriod}}</h2>
        <table><thead><tr><th>{{words.activity}}</th><th>{{words.schedule}}</th><th>{{words.adherence}}</th></tr></thead><tbody>
        {{#activities}}<tr><td><strong>{{title}}</strong> <span class="muted">({{kind}})</span>{{#instructions}}<br><span class="muted">{{.}}</span>{{/instructions}}{{#changes}}<br><em>{{.}}</em>{{/changes}}{{#responsible}}<br><span class="muted">{{.}}</span>{{/responsible}}</td><td>{{schedule}}</td><td class="num">{{#activityAdherence}}{{.}}{{/activityAdherence}}</td></tr>
        {{/activities}}</tbody></table>

        {{#hasCareTeam}}<h2>{{words.careTeam}}</h2>
        <table><tbody>{{#careTeam}}<tr><td><strong>{{name}}</strong><br><span class="muted">{{role}}</span></td><td>{{reach}}{{#notes}}<br><span class="muted">{{.}}</span>{{/notes}}</td></tr>
        {{/careTeam}}</tbody></table>{{/hasCareTeam}}

        {{#hasReadings}}<h2>{{words.allReadings}}</h2>
        <table class="readings"><thead><tr><th>{{words.date}}</th><th>{{words.time}}</th><th>{{words.assessment}}</th><th>{{words.reading}}</th><th>{{words.note}}</th></tr></thead><tbody>
        {{#readings}}<tr><td>{{date}}</td><td>{{time}}</td><td>{{activity}}</td><td>{{value}}{{#source}} <span class="muted">({{.}})</span>{{/source}}</td><td>{{#note}}{{.}}{{/note}}</td></tr>
        {{/readings}}</tbody></table>{{/hasReadings}}

        <footer>{{footer}}</footer>
        </body>
        </html>

        """

    static let markdown = """
        {{% CONTENT_TYPE: MARKDOWN}}
        # {{title}}

        {{#patient}}{{words.patient}} **{{.}}**{{#patientDetails}} ({{.}}){{/patientDetails}} · {{/patient}}{{span}}
        {{#preparedForLine}}
        {{.}}
        {{/preparedForLine}}

        ## {{words.adherence}}

        {{words.overThePeriod}} **{{periodAdherence}}**

        {{#weeks}}
        - {{label}}: {{adherence}}
        {{/weeks}}

        ## {{words.readings}}

        {{#assessments}}
        - **{{title}}**{{#unit}} ({{.}}){{/unit}}: {{figuresInSentence}}
        {{/assessments}}
        {{#hasMessages}}

        ## {{words.messages}}

        {{#messages}}
        - {{levelText}}: {{text}}
        {{/messages}}
        {{/hasMessages}}
        {{#hasQuestionnaires}}

        ## {{words.questionnaires}}

        {{#questionnaires}}
        - **{{questionnaireTitle}}**: {{scoreLine}}{{#trendLine}}. {{.}}{{/trendLine}}
        {{#answersHeading}}
          {{.}}:
        {{#answerLines}}
          - {{question}}: {{answer}}
        {{/answerLines}}
        {{/answersHeading}}
        {{/questionnaires}}
        {{/hasQuestionnaires}}
        {{#hasSleep}}

        ## {{words.sleep}}

        {{#sleep}}
        - {{.}}
        {{/sleep}}
        {{/hasSleep}}
        {{#hasHealth}}

        ## {{words.healthData}}

        {{#health}}
        - {{.}}
        {{/health}}
        {{/hasHealth}}

        ## {{words.planInPeriod}}

        {{#activities}}
        - **{{title}}** ({{kind}}): {{schedule}}{{#activityAdherence}}; {{.}}{{/activityAdherence}}{{#changes}}; {{.}}{{/changes}}
        {{/activities}}
        {{#hasCareTeam}}

        ## {{words.careTeam}}

        {{#careTeam}}
        - {{name}} ({{role}}): {{reach}}
        {{/careTeam}}
        {{/hasCareTeam}}

        {{footer}}

        """
}
