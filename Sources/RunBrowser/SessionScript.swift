// MARK: - The session page's script

/// Scrubbing: the slider (and ← →, shift for bigger steps, Home, End)
/// moves one time through both sides — the fingers on the stage, the
/// cursor on each timeline, the events passed so far. Play runs the window
/// in real time, except for those who prefer reduced motion (the button is
/// hidden; the slider moves without animation). Without the script the
/// page still shows every path, bar and event.
///
/// Compiled in (never data), served inline under its CSP hash; it reads
/// its data from the page's `data-json` attribute, which is escaped.
enum SessionScript {
    static let js: StaticString = """
        (function(){
        "use strict";
        var holder=document.getElementById("session-data");
        if(!holder){return;}
        var data=JSON.parse(holder.getAttribute("data-json"));
        var span=Math.max(1,data.end-data.start);
        var scrub=document.getElementById("scrub");
        var out=document.getElementById("now");
        var play=document.getElementById("play");
        var NS="http://www.w3.org/2000/svg";
        var reduced=window.matchMedia&&window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        function fingersAt(t){
          var last={};
          for(var i=0;i<data.samples.length;i++){
            var s=data.samples[i];
            if(s[0]>t){break;}
            last[s[1]]=s;
          }
          var down=[];
          for(var k in last){var s2=last[k];if(!s2[4]||s2[0]===t){down.push(s2);}}
          return down;
        }
        function update(offset){
          offset=Math.max(0,Math.min(span,offset));
          var t=data.start+offset;
          scrub.value=String(offset);
          out.textContent=(offset/1000).toFixed(0)+" ms";
          var down=fingersAt(t);
          document.querySelectorAll("svg.stage g.fingers").forEach(function(g){
            while(g.firstChild){g.removeChild(g.firstChild);}
            down.forEach(function(s){
              var c=document.createElementNS(NS,"circle");
              c.setAttribute("cx",s[2]);c.setAttribute("cy",s[3]);c.setAttribute("r","14");
              c.setAttribute("class","finger");g.appendChild(c);
            });
          });
          var x=data.left+offset/span*(data.width-data.left);
          document.querySelectorAll("svg.timeline line.cursor").forEach(function(l){
            l.setAttribute("x1",x.toFixed(1));l.setAttribute("x2",x.toFixed(1));
          });
          document.querySelectorAll("ol.events").forEach(function(list){
            var items=list.querySelectorAll("li");var current=null;
            items.forEach(function(li){
              var at=Number(li.getAttribute("data-label"));
              li.classList.remove("now");
              li.classList.toggle("past",at<=offset);
              if(at<=offset){current=li;}
            });
            if(current){current.classList.add("now");}
          });
        }
        var timer=null;
        function stop(){if(timer!==null){cancelAnimationFrame(timer);timer=null;play.textContent="Play";}}
        scrub.addEventListener("input",function(){stop();update(Number(scrub.value));});
        document.addEventListener("keydown",function(e){
          var step=e.shiftKey?100000:10000;var v=Number(scrub.value);var next=null;
          if(e.key==="ArrowRight"){next=v+step;}else if(e.key==="ArrowLeft"){next=v-step;}
          else if(e.key==="Home"){next=0;}else if(e.key==="End"){next=span;}
          if(next!==null){e.preventDefault();stop();update(next);}
        });
        play.addEventListener("click",function(){
          if(reduced){return;}
          if(timer!==null){stop();return;}
          var from=Number(scrub.value)>=span?0:Number(scrub.value);var began=null;
          play.textContent="Pause";
          function frame(now){
            if(began===null){began=now;}
            var offset=from+(now-began)*1000;
            update(offset);
            if(offset<span){timer=requestAnimationFrame(frame);}else{stop();}
          }
          timer=requestAnimationFrame(frame);
        });
        update(0);
        })();
        """
}
