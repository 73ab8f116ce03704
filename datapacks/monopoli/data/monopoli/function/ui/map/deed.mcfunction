$function monopoli:board/$(board)/map/deed/$(space) {color:"$(color)"}
