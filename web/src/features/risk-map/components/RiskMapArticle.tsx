import '@/locales/risk-map/en';
import { Trans } from '@lingui/react/macro';

/** Why the ratings on the map follow the age of each neighborhood. */
export function RiskMapArticle() {
  return (
    <section className="section risk-map-article" aria-labelledby="risk-map-article-heading">
      <div className="container">
        <article className="risk-map-article__body">
          <h2 id="risk-map-article-heading">
            <Trans>Why a neighborhood’s age predicts its sewer line</Trans>
          </h2>
          <p>
            <Trans>
              The Phoenix Valley was built in waves. Streetcar suburbs went up around downtown Phoenix, Tempe, Mesa and
              Glendale in the 1920s and 1930s; after the war Phoenix grew from about 107,000 people in 1950 to more than
              430,000 in 1960, and whole square miles of farmland became tract homes in a few years. Builders plumbed
              every house in a subdivision the same way, with whatever pipe was standard and cheap that year. So the year
              your subdivision went in is the best single guess at what is under your slab and your front yard, and how
              close it is to the end of its life.
            </Trans>
          </p>

          <h3>
            <Trans>Before 1950: vitrified clay</Trans>
          </h3>
          <p>
            <Trans>
              The Valley’s oldest neighborhoods, such as Willo, Encanto-Palmcroft, Coronado, Tempe’s Maple-Ash and
              Glendale’s Catlin Court, drain through clay pipe laid in two- to three-foot sections. Fired clay itself
              lasts, but every joint is a gap. A century of flood irrigation has grown big ash, citrus and palm trees in
              these districts, and their roots find the joints, fill the pipe and crack it. Offset joints and root balls
              are what our camera finds most often there.
            </Trans>
          </p>

          <h3>
            <Trans>1945 to 1972: Orangeburg</Trans>
          </h3>
          <p>
            <Trans>
              Orangeburg is wood fiber pressed with coal-tar pitch. It was cheap and plentiful while metal was scarce
              after the war, so many post-war homes in south Scottsdale, Maryvale and Arcadia have it between the house
              and the street. It soaks up water, softens and slowly flattens into an oval under the weight of soil and
              driveways. It was expected to last about 50 years, and every Orangeburg line in the Valley is now past that.
            </Trans>
          </p>

          <h3>
            <Trans>1960 to 1975: cast iron</Trans>
          </h3>
          <p>
            <Trans>
              Cast iron was the upgrade, and it is strong, but it rusts from the inside. Sewer gas turns to acid along the
              top of the pipe, and the water running along the bottom wears a channel through it. The Valley’s hard water
              adds mineral scale that narrows the pipe and snags paper and grease. Most of this cast iron runs under a
              slab floor, which is why a failing line so often means a choice between breaking up a kitchen and lining
              the pipe from the inside.
            </Trans>
          </p>

          <h3>
            <Trans>After 1975: ABS and PVC</Trans>
          </h3>
          <p>
            <Trans>
              Plastic drain pipe took over in the 1970s and 1980s, first black ABS, then white PVC. These lines do not rust
              or rot, so the master-planned communities of Chandler, Gilbert and north Phoenix rate low. They still fail:
              some 1980s ABS cracks at its glued fittings, and settling soil leaves sags where waste sits, while roots and
              grease block any pipe of any age.
            </Trans>
          </p>

          <h3>
            <Trans>What the map cannot tell you</Trans>
          </h3>
          <p>
            <Trans>
              A rating describes the typical home in a neighborhood, not yours. An earlier owner may have replaced the
              line, a remodel may have added new pipe to old, and one big tree can ruin a newer line. The only way to know
              is to look: a camera inspection shows the inside of your line while you watch, and it is free for homes in
              High and Critical areas and with any estimate. If the camera finds damage, lining the pipe in place fixes
              about 90% of problems, usually in a day and for 30–50% less than digging it up.
            </Trans>
          </p>
        </article>
      </div>
    </section>
  );
}
