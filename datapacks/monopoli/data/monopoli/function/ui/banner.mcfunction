$function monopoli:board/$(board)/banner/$(space) {color:"$(color)",owner:"$(owner)"}
